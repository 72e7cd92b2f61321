import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { billingLanguage, openPortal } from './billing-api';

/** /portal (Manage Account): opens the billing provider's account management for this customer. */
export function PortalPage() {
  const { t, i18n } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [hasFailed, setHasFailed] = useState(false);
  const started = useRef(-1);

  useEffect(() => {
    // Once per attempt, also under StrictMode's double effects: each call makes a portal session.
    if (started.current === attempt) return;
    started.current = attempt;
    setHasFailed(false);
    openPortal(billingLanguage(i18n.resolvedLanguage))
      .then(({ url }) => window.location.assign(url))
      .catch(() => setHasFailed(true));
  }, [attempt, i18n.resolvedLanguage]);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 8,
        textAlign: 'center',
      }}
    >
      {hasFailed ? (
        <>
          <Alert severity="error" sx={{ maxWidth: 480 }}>
            {t('billingPortal.failed')}
          </Alert>
          <Box sx={{ display: 'flex', gap: 1.5 }}>
            <Button variant="contained" onClick={() => setAttempt((count) => count + 1)}>
              {t('common.retry')}
            </Button>
            <Button component={RouterLink} to="/tags">
              {t('billingPortal.back')}
            </Button>
          </Box>
        </>
      ) : (
        <>
          <CircularProgress />
          <Typography role="status">{t('billingPortal.opening')}</Typography>
        </>
      )}
    </Box>
  );
}
