import { zodResolver } from '@hookform/resolvers/zod';
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
import { NETWORK_CAP_MAX, NetworkCapSchema, type NetworkCaps } from '@tagscout/core/api';
import { COPY_NETWORKS, type CopyNetwork, NETWORK_RULES, type NetworkLimits } from '@tagscout/core/export';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../../api/error-text';
import { LoadingSpinner } from '../../shell/loading-spinner';
import { useAdminAppData, useUpdateAppData } from '../appdata/queries';

/** The networks an administrator may override ("Other" has no rule to change). */
const NETWORKS = COPY_NETWORKS.filter((network) => network !== 'other');
const FIELDS = ['hashtagCap', 'charLimit'] as const satisfies readonly (keyof NetworkLimits)[];

type Field = (typeof FIELDS)[number];
/** As typed, per network and field; '' keeps core's rule. */
type Draft = Record<string, Record<Field, string>>;

/** A field as typed: digits, or nothing for core's rule; the number then follows core's rule for a cap. */
const TypedCapSchema = z
  .string()
  .trim()
  .regex(/^\d*$/)
  .transform((text) => (text === '' ? undefined : Number(text)))
  .pipe(NetworkCapSchema.unwrap().optional());

/** The draft as the overrides to store: only the numbers typed. */
const DraftSchema = z
  .object(
    Object.fromEntries(
      NETWORKS.map((network) => [
        network,
        z.object({ hashtagCap: TypedCapSchema, charLimit: TypedCapSchema }),
      ]),
    ),
  )
  .transform((draft): NetworkCaps => {
    const caps: NetworkCaps = {};
    for (const [network, override] of Object.entries(draft)) {
      const typed = Object.fromEntries(Object.entries(override).filter(([, value]) => value !== undefined));
      if (Object.keys(typed).length > 0) caps[network as CopyNetwork] = typed;
    }
    return caps;
  });

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
  const { control, handleSubmit, formState } = useForm<Draft, unknown, NetworkCaps>({
    resolver: zodResolver(DraftSchema) as Resolver<Draft, unknown, NetworkCaps>,
    defaultValues: draftOf(saved),
  });
  const problems = NETWORKS.flatMap((network) =>
    FIELDS.filter((field) => formState.errors[network]?.[field] !== undefined),
  ).length;
  const number = (value: number | null) =>
    value === null ? t('admin.networkCaps.none') : new Intl.NumberFormat(i18n.language).format(value);

  return (
    <Box
      component="form"
      onSubmit={handleSubmit((networkCaps) => save.mutate({ networkCaps }))}
      noValidate
      sx={{ mt: 4 }}
      aria-labelledby="network-caps"
    >
      <Typography id="network-caps" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('admin.networkCaps.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {t('admin.networkCaps.help', { max: number(NETWORK_CAP_MAX) })}
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
                  {FIELDS.map((field) => (
                    <TableCell key={field}>
                      <Controller
                        control={control}
                        name={`${network}.${field}`}
                        render={({ field: input, fieldState }) => (
                          <TextField
                            size="small"
                            value={input.value}
                            inputRef={input.ref}
                            onBlur={input.onBlur}
                            onChange={(event) => {
                              save.reset();
                              input.onChange(event.target.value);
                            }}
                            placeholder={number(NETWORK_RULES[network][field])}
                            error={fieldState.invalid}
                            helperText={
                              fieldState.invalid
                                ? t('admin.networkCaps.invalid', { max: number(NETWORK_CAP_MAX) })
                                : undefined
                            }
                            slotProps={{
                              htmlInput: {
                                inputMode: 'numeric',
                                'aria-label': t(`admin.networkCaps.${field}Of`, { network: name }),
                              },
                            }}
                            sx={{ width: { xs: 96, sm: 130 } }}
                          />
                        )}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {problems > 0 && (
        <Alert severity="error" sx={{ mt: 1.5 }} role="alert">
          {t('admin.networkCaps.fix', { count: problems })}
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
