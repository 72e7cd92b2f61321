import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type NetworkCaps, NetworkCapsSchema } from '@tagscout/core/api';
import { COPY_NETWORKS, type CopyNetwork, NETWORK_RULES, type NetworkLimits } from '@tagscout/core/export';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { LoadingSpinner } from '../../shell/loading-spinner';
import { useAdminAppData, useUpdateAppData } from '../appdata/queries';

/** The networks an administrator may override ("Other" has no rule to change). */
const NETWORKS = COPY_NETWORKS.filter((network) => network !== 'other');
const FIELDS = ['hashtagCap', 'charLimit'] as const satisfies readonly (keyof NetworkLimits)[];
const MAX = 100_000;

type Field = (typeof FIELDS)[number];
/** As typed, per network and field; '' keeps core's rule. */
type Draft = Record<string, Record<Field, string>>;

/**
 * Administrators: each network's hashtag cap and character limit for "Copy for", over the rules in core
 * (decision 014), saved to the app data (networkCaps) so every client uses them without a release.
 */
export function NetworkCapsForm() {
  const { t } = useTranslation();
  const query = useAdminAppData();
  // Here, not in the editor: a save changes the app data, which starts the editor again from it.
  const save = useUpdateAppData();
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <Alert severity="error">{errorText(t, query.error)}</Alert>;
  return <Editor key={query.data.updatedAt ?? ''} saved={query.data.networkCaps} save={save} />;
}

function Editor({ saved, save }: { saved: NetworkCaps; save: ReturnType<typeof useUpdateAppData> }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [isChecked, setIsChecked] = useState(false);
  const problems = findProblems(draft);
  const number = (value: number | null) =>
    value === null ? t('admin.networkCaps.none') : new Intl.NumberFormat(i18n.language).format(value);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (problems.size > 0) return;
    const parsed = NetworkCapsSchema.safeParse(capsOf(draft));
    if (parsed.success) save.mutate({ networkCaps: parsed.data });
  };

  const change = (network: CopyNetwork, field: Field, value: string) => {
    save.reset();
    setDraft((old) => ({ ...old, [network]: { ...old[network]!, [field]: value.trim() } }));
  };

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate sx={{ mt: 4 }} aria-labelledby="network-caps">
      <Typography id="network-caps" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('admin.networkCaps.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('admin.networkCaps.help', { max: number(MAX) })}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" sx={{ '& td, & th': { px: { xs: 0.5, sm: 1.5 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.networkCaps.network')}</TableCell>
              <TableCell>{t('admin.networkCaps.hashtagCap')}</TableCell>
              <TableCell>{t('admin.networkCaps.charLimit')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {NETWORKS.map((network) => {
              const name = t(`export.copyFor.networks.${network}`);
              return (
                <TableRow key={network}>
                  <TableCell>{name}</TableCell>
                  {FIELDS.map((field) => {
                    const hasProblem = isChecked && problems.has(`${network}.${field}`);
                    return (
                      <TableCell key={field}>
                        <TextField
                          size="small"
                          value={draft[network]![field]}
                          onChange={(event) => change(network, field, event.target.value)}
                          placeholder={number(NETWORK_RULES[network][field])}
                          error={hasProblem}
                          helperText={
                            hasProblem ? t('admin.networkCaps.invalid', { max: number(MAX) }) : undefined
                          }
                          slotProps={{
                            htmlInput: {
                              inputMode: 'numeric',
                              'aria-label': t(`admin.networkCaps.${field}Of`, { network: name }),
                            },
                          }}
                          sx={{ width: { xs: 96, sm: 130 } }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {isChecked && problems.size > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {t('admin.networkCaps.fix', { count: problems.size })}
        </Alert>
      )}
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {errorText(t, save.error)}
        </Alert>
      )}
      <Stack direction="row" sx={{ mt: 1.5, gap: 2, alignItems: 'center' }}>
        <Button type="submit" variant="outlined" disabled={save.isPending}>
          {t('admin.networkCaps.save')}
        </Button>
        {save.isSuccess && (
          <Typography variant="body2" color="success.main" role="status">
            {t('admin.networkCaps.saved')}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

function draftOf(saved: NetworkCaps): Draft {
  const draft: Draft = {};
  for (const network of NETWORKS) {
    const override = saved[network] ?? {};
    draft[network] = {
      hashtagCap: override.hashtagCap == null ? '' : String(override.hashtagCap),
      charLimit: override.charLimit == null ? '' : String(override.charLimit),
    };
  }
  return draft;
}

/** `network.field` of every value that is not a whole number from 0 to 100,000. */
function findProblems(draft: Draft): Set<string> {
  const problems = new Set<string>();
  for (const network of NETWORKS) {
    for (const field of FIELDS) {
      const value = draft[network]![field];
      if (value !== '' && !(/^\d+$/.test(value) && Number(value) <= MAX)) problems.add(`${network}.${field}`);
    }
  }
  return problems;
}

/** The overrides to store: only the numbers typed (an empty field keeps core's rule). */
function capsOf(draft: Draft): NetworkCaps {
  const caps: NetworkCaps = {};
  for (const network of NETWORKS) {
    const override: Partial<NetworkLimits> = {};
    for (const field of FIELDS) {
      if (draft[network]![field] !== '') override[field] = Number(draft[network]![field]);
    }
    if (Object.keys(override).length > 0) caps[network] = override;
  }
  return caps;
}
