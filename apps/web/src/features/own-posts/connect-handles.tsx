import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { HANDLE_NETWORKS, type HandleNetwork, type OwnHandle } from '@tagscout/core/api';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { connectHandle, disconnectHandle, refreshHandle, saveSuggestFromOwnTags } from './own-posts-api';
import { useHandleChange, useHandles } from './queries';

/** Connect a Bluesky handle or a Mastodon address: its posts and their engagement, read now and daily. */
export function ConnectHandles() {
  const { t } = useTranslation();
  const handles = useHandles(true);
  const connect = useHandleChange(connectHandle);
  const refresh = useHandleChange(refreshHandle);
  const disconnect = useHandleChange(disconnectHandle);
  const toggle = useHandleChange(saveSuggestFromOwnTags);
  const [network, setNetwork] = useState<HandleNetwork>('bluesky');
  const [handle, setHandle] = useState('');
  const failed = [connect, refresh, disconnect, toggle].find((change) => change.isError);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (handle.trim() !== '') connect.mutate({ network, handle }, { onSuccess: () => setHandle('') });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ownPosts.handles.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('ownPosts.handles.intro')}
      </Typography>
      <Box component="form" onSubmit={handleSubmit} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('ownPosts.networkColumn')}
          value={network}
          onChange={(event) => setNetwork(event.target.value as HandleNetwork)}
          sx={{ minWidth: 140 }}
        >
          {HANDLE_NETWORKS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`ownPosts.network.${option}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('ownPosts.handles.handleLabel')}
          placeholder={t(`ownPosts.handles.placeholder.${network}`)}
          value={handle}
          onChange={(event) => setHandle(event.target.value)}
          sx={{ flex: '1 1 220px' }}
        />
        <Button type="submit" variant="contained" disabled={connect.isPending || handle.trim() === ''}>
          {connect.isPending ? t('ownPosts.handles.reading') : t('ownPosts.handles.connect')}
        </Button>
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => failed.reset()}>
          {handleErrorText(t, failed.error)}
        </Alert>
      )}
      {(handles.data?.handles ?? []).map((row) => (
        <HandleRow
          key={row.network}
          row={row}
          isBusy={refresh.isPending || disconnect.isPending}
          onRefresh={() => refresh.mutate(row.network)}
          onDisconnect={() => disconnect.mutate(row.network)}
        />
      ))}
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('ownPosts.handles.instagramNote')}
      </Alert>
      <FormControlLabel
        sx={{ mt: 1.5 }}
        control={
          <Switch
            checked={handles.data?.suggest_from_own_tags ?? false}
            disabled={!handles.data || toggle.isPending}
            onChange={(event) => toggle.mutate(event.target.checked)}
          />
        }
        label={t('ownPosts.handles.suggestToggle')}
      />
    </Paper>
  );
}

function HandleRow({
  row,
  isBusy,
  onRefresh,
  onDisconnect,
}: {
  row: OwnHandle;
  isBusy: boolean;
  onRefresh: () => void;
  onDisconnect: () => void;
}) {
  const { t, i18n } = useTranslation();
  const when = row.refreshed_at
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(row.refreshed_at),
      )
    : null;
  return (
    <Stack
      direction="row"
      data-testid="own-handle"
      sx={{
        alignItems: 'center',
        gap: 1,
        flexWrap: 'wrap',
        mt: 2,
        pt: 1.5,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {t(`ownPosts.network.${row.network}`)}: {row.handle}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('ownPosts.handles.postsRead', { count: row.posts })}
          {when && ` · ${t('ownPosts.handles.readAt', { when })}`}
        </Typography>
        {row.refresh_error && (
          <Typography variant="body2" color="warning.main">
            {/slow down/.test(row.refresh_error)
              ? t('ownPosts.handles.slowDown')
              : t('ownPosts.handles.readFailed')}
          </Typography>
        )}
      </Box>
      <Button size="small" onClick={onRefresh} disabled={isBusy}>
        {t('ownPosts.handles.refresh')}
      </Button>
      <Button size="small" color="error" onClick={onDisconnect} disabled={isBusy}>
        {t('ownPosts.handles.disconnect')}
      </Button>
    </Stack>
  );
}

function handleErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 400) return t('ownPosts.handles.notFound');
  if (error instanceof ApiError && error.status === 503) return t('ownPosts.handles.unavailable');
  return errorText(t, error);
}
