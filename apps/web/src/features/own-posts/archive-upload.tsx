import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ArchiveErrorCode, OWN_ARCHIVE_MAX_BYTES, OWN_NETWORKS } from '@tagscout/core/api';
import type { TFunction } from 'i18next';
import { type ChangeEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import type { TranslationKey } from '../../i18n/i18n';
import { useUploadArchive } from './queries';

const MAX_MB = OWN_ARCHIVE_MAX_BYTES / 1024 / 1024;

/** Where each network's archive is, and the button that sends the file as it is. */
export function ArchiveUpload() {
  const { t } = useTranslation();
  const upload = useUploadArchive();
  const inputId = useId();

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) upload.mutate(file);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('ownPosts.upload.title')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, mt: 0, mb: 2, '& li': { mb: 0.75 }, overflowWrap: 'break-word' }}>
        {OWN_NETWORKS.map((network) => (
          <li key={network}>
            <Typography variant="body2">
              <strong>{t(`ownPosts.network.${network}`)}</strong>: {t(`ownPosts.upload.where.${network}`)}
            </Typography>
          </li>
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          component="label"
          htmlFor={inputId}
          startIcon={<UploadFile />}
          disabled={upload.isPending}
        >
          {t('ownPosts.upload.choose')}
          <input
            id={inputId}
            type="file"
            hidden
            accept=".json,.zip,.car,application/json,application/zip,application/vnd.ipld.car"
            aria-label={t('ownPosts.upload.fileLabel')}
            onChange={handleChange}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('ownPosts.upload.limit', { mb: MAX_MB })}
        </Typography>
      </Box>
      {upload.isPending && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 2 }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('ownPosts.upload.reading')}</Typography>
        </Box>
      )}
      {upload.isSuccess && (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => upload.reset()}>
          {t('ownPosts.upload.done', {
            count: upload.data.posts,
            network: t(`ownPosts.network.${upload.data.network}`),
            hashtags: upload.data.hashtags,
            newPosts: upload.data.new_posts,
          })}
        </Alert>
      )}
      {upload.isError && (
        <Alert severity="error" sx={{ mt: 2 }} onClose={() => upload.reset()}>
          {uploadErrorText(t, upload.error)}
        </Alert>
      )}
    </Paper>
  );
}

/** Each reason the server gives for a file it could not read, to its text. */
const REASONS: Readonly<Record<string, TranslationKey>> = {
  [ArchiveErrorCode.empty]: 'ownPosts.upload.reason.empty',
  [ArchiveErrorCode.notJson]: 'ownPosts.upload.reason.notJson',
  [ArchiveErrorCode.unknownJson]: 'ownPosts.upload.reason.unknownJson',
  [ArchiveErrorCode.notZip]: 'ownPosts.upload.reason.notZip',
  [ArchiveErrorCode.zipWithoutPosts]: 'ownPosts.upload.reason.zipWithoutPosts',
  [ArchiveErrorCode.instagramDamaged]: 'ownPosts.upload.reason.instagramDamaged',
  [ArchiveErrorCode.mastodonDamaged]: 'ownPosts.upload.reason.mastodonDamaged',
  [ArchiveErrorCode.blueskyDamaged]: 'ownPosts.upload.reason.blueskyDamaged',
  [ArchiveErrorCode.wrongType]: 'ownPosts.upload.reason.wrongType',
};

/** A file we could not read says why and what we expected, in the visitor's language. */
function uploadErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return t('ownPosts.upload.tooLarge', { mb: MAX_MB });
  const reason = error instanceof ApiError ? REASONS[error.code] : undefined;
  if (reason) return `${t(reason)} ${t('ownPosts.upload.expected')}`;
  if (error instanceof ApiError && (error.status === 400 || error.status === 415))
    return t('ownPosts.upload.unreadable');
  return errorText(t, error);
}
