import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The loading spinner: centred, with a label for screen readers (and shown if given). */
export function LoadingSpinner({ label, isFullScreen = false }: { label?: string; isFullScreen?: boolean }) {
  const { t } = useTranslation();
  const text = label ?? t('shell.loading');
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 8,
        ...(isFullScreen && { position: 'fixed', inset: 0, bgcolor: 'rgba(255,255,255,.7)', zIndex: 1400 }),
      }}
    >
      <CircularProgress aria-label={text} />
      {label && <Typography color="text.secondary">{label}</Typography>}
    </Box>
  );
}
