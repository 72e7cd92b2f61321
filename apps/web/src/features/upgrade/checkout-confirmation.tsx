import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCapabilities, useSession } from '../../shell/session-store';
import { refreshSession } from '../account/session-sync';

const POLL_MS = 1500;
const POLL_ATTEMPTS = 40;

/**
 * Back from a paid checkout. The plan arrives with the provider's webhook, not with this redirect,
 * so the page asks the server again until the account is paying (a minute at most). A visitor
 * signed out here (paid in another browser, or at another address of the server: cookies differ)
 * is asked to sign in instead: their plan waits on the account they paid from.
 */
export function CheckoutConfirmation() {
  const { t } = useTranslation();
  const { isPaying } = useCapabilities();
  const isSignedOut = useSession(
    (session) => session.isLoaded && (!session.user || session.user.isAnonymous),
  );
  const [attempts, setAttempts] = useState(0);

  useEffect(() => {
    if (isPaying || attempts >= POLL_ATTEMPTS || (isSignedOut && attempts > 0)) return;
    const timer = setTimeout(
      () => {
        void refreshSession()
          .catch(() => {})
          .finally(() => setAttempts((count) => count + 1));
      },
      attempts === 0 ? 0 : POLL_MS,
    );
    return () => clearTimeout(timer);
  }, [isPaying, attempts, isSignedOut]);

  const state = isPaying
    ? 'confirmed'
    : isSignedOut && attempts > 0
      ? 'signInToConfirm'
      : attempts < POLL_ATTEMPTS
        ? 'confirming'
        : 'confirmLate';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} role="status">
      {isPaying ? (
        <CheckCircle color="success" sx={{ fontSize: 56 }} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          {state === 'confirming' && <CircularProgress />}
        </Box>
      )}
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mt: 1.5 }}>
        {t(`plans.${state}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t(`plans.${state}.body`)}
      </Typography>
      {state === 'confirmed' && (
        <Button variant="contained" size="large" component={RouterLink} to="/tags">
          {t('plans.confirmed.action')}
        </Button>
      )}
      {state === 'signInToConfirm' && (
        <Button variant="contained" size="large" component={RouterLink} to="/login">
          {t('plans.signInToConfirm.action')}
        </Button>
      )}
      {state === 'confirmLate' && (
        <Button variant="outlined" onClick={() => setAttempts(0)}>
          {t('plans.confirmLate.action')}
        </Button>
      )}
    </Paper>
  );
}
