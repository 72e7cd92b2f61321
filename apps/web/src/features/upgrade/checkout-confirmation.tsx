import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCapabilities } from '../../shell/session-store';
import { refreshSession } from '../account/session-sync';

const POLL_MS = 1500;
const POLL_ATTEMPTS = 40;

/**
 * Back from a paid checkout. The plan arrives with the provider's webhook, not with this redirect,
 * so the page asks the server again until the account is paying (a minute at most).
 */
export function CheckoutConfirmation() {
  const { t } = useTranslation();
  const { isPaying } = useCapabilities();
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    if (isPaying || attempts >= POLL_ATTEMPTS) return;
    const timer = setTimeout(
      () => {
        void refreshSession()
          .catch(() => {})
          .finally(() => setAttempts((count) => count + 1));
      },
      attempts === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [isPaying, attempts]);

  const isWaiting = !isPaying && attempts < POLL_ATTEMPTS;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      {isPaying ? (
        <CheckCircle color="success" sx={{ fontSize: 56 }} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          {isWaiting && <CircularProgress />}
        </Box>
      )}
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mt: 1.5 }}>
        {t(
          isPaying
            ? 'plans.confirmed.title'
            : isWaiting
              ? 'plans.confirming.title'
              : 'plans.confirmLate.title',
        )}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t(
          isPaying ? 'plans.confirmed.body' : isWaiting ? 'plans.confirming.body' : 'plans.confirmLate.body',
        )}
      </Typography>
      {isPaying && (
        <Button variant="contained" size="large" component={RouterLink} to="/tags">
          {t('plans.confirmed.action')}
        </Button>
      )}
    </Paper>
  );
}
