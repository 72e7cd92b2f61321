import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COPY_NETWORKS,
  type CopyNetwork,
  type CopyPlan,
  type ExportTag,
  isCopyNetwork,
  pickLadder,
} from '@tagscout/core/export';
import type { TFunction } from 'i18next';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { chooseCopyNetwork } from '../settings/account-settings';
import { useSettings } from '../settings/settings-store';
import { useExportList } from './export-store';

/**
 * "Copy for": the network, and what its limits do to the selection, said before copying.
 * `warningRef` gets the warning that Copy leaves tags out, while one shows.
 */
export function CopyFor({
  plan,
  chosen,
  warningRef,
}: {
  plan: CopyPlan;
  chosen: readonly ExportTag[];
  warningRef?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const network = useSettings((s) => s.copyNetwork);
  const selectOnly = useExportList((s) => s.selectOnly);
  const setFilters = useExportList((s) => s.setFilters);
  const strategy = useExportList((s) => s.filters.selectionStrategy);
  const n = plan.copied.length;
  const eligible = new Set(plan.eligible);
  const networkName = t(`export.copyFor.networks.${network}`);

  return (
    <Stack sx={{ mx: 2, mb: 1, gap: 1 }}>
      <TextField
        select
        size="small"
        label={t('export.copyFor.label')}
        value={network}
        onChange={(event) => isCopyNetwork(event.target.value) && chooseCopyNetwork(event.target.value)}
        slotProps={{ select: { inputProps: { 'data-testid': 'copy-for' } } }}
      >
        {COPY_NETWORKS.map((id: CopyNetwork) => (
          <MenuItem key={id} value={id}>
            {t(`export.copyFor.networks.${id}`)}
          </MenuItem>
        ))}
      </TextField>
      {plan.limitedBy === 'length' && n === 0 ? (
        // Not "Pick the best 0": the text before the hashtags takes the whole post.
        <Alert
          ref={warningRef}
          severity="warning"
          data-testid="cap-warning"
          action={
            <Button size="small" color="warning" component={RouterLink} to="/settings">
              {t('export.copyFor.editText')}
            </Button>
          }
        >
          {t('export.copyFor.textFillsPost', { network: networkName })}
        </Alert>
      ) : plan.limitedBy === 'network' || plan.limitedBy === 'length' ? (
        <Alert ref={warningRef} severity="warning" data-testid="cap-warning">
          {t(plan.limitedBy === 'network' ? 'export.copyFor.overCap' : 'export.copyFor.overLength', {
            network: networkName,
            count: n,
            selected: plan.eligible.length,
          })}
          <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
            <Button
              size="small"
              variant="contained"
              color="warning"
              onClick={() =>
                selectOnly(
                  pickLadder(
                    chosen.filter((tag) => eligible.has(tag.hashtag)),
                    n,
                  ),
                )
              }
            >
              {t('export.copyFor.pickBest', { count: n })}
            </Button>
            <Button
              size="small"
              color="warning"
              onClick={() => setFilters({ selectionCount: n, selectionStrategy: strategy })}
            >
              {t('export.copyFor.useMyStrategy', { count: n })}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {plan.limitedBy === 'free' && (
        <Alert
          ref={warningRef}
          severity="info"
          data-testid="free-limit"
          action={
            <Button size="small" component={RouterLink} to="/upgrade">
              {t('export.copyFor.upgrade')}
            </Button>
          }
        >
          {t('export.copyFor.freeLimit', { count: n, selected: plan.eligible.length })}
        </Alert>
      )}
      {plan.leftOut.length > 0 && (
        <Alert severity="info" data-testid="left-out">
          {t('export.copyFor.leftOut', {
            tags: plan.leftOut.map((item) => `#${item.tag}`).join(' '),
            count: plan.leftOut.length,
          })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * What the Copy button and the snackbar say: exactly what goes (or went) to the clipboard, the credit
 * line named when the copy holds it (decision 026).
 */
export function copyLabel(
  t: TFunction,
  kind: 'copy' | 'copied',
  plan: CopyPlan,
  selected: number,
  network: CopyNetwork,
): string {
  const count = plan.copied.length;
  if (count === 0 && plan.limitedBy === 'length')
    return t('export.copyFor.noRoom', { network: t(`export.copyFor.networks.${network}`) });
  if (kind === 'copied' && plan.limitedBy === 'free') {
    const key = plan.hasCredit ? 'freeLimitWithCredit' : 'freeLimit';
    return t(`export.copyFor.${key}`, { count, selected: plan.eligible.length });
  }
  const label = tagsLabel(t, kind, count, selected, network);
  return plan.hasCredit ? t('export.copyFor.withCredit', { label }) : label;
}

function tagsLabel(
  t: TFunction,
  kind: 'copy' | 'copied',
  count: number,
  selected: number,
  network: CopyNetwork,
): string {
  const key = count < selected ? (`${kind}OfFor` as const) : (`${kind}For` as const);
  if (network === 'other') return t(`export.copyFor.${key}Other`, { count, selected });
  return t(`export.copyFor.${key}`, { count, selected, network: t(`export.copyFor.networks.${network}`) });
}
