import Cookie from '@mui/icons-material/Cookie';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { trackEvent } from '../features/appdata/track';
import { declineCookies, readKey, SHELL_KEYS, useShellOverlays, writeKey } from './shell-overlays';

/**
 * SPEC section 4, cookie dialog: accept stores the acceptance; decline removes it and goes back.
 * It sits at the bottom of the screen without blocking it, until the visitor chooses.
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const hasDeclined = useShellOverlays((s) => s.hasDeclinedCookies);
  const [hasAccepted, setHasAccepted] = useState(() => readKey(SHELL_KEYS.hasAcceptedCookies) === 'true');
  if (hasAccepted || hasDeclined) return null;

  const handleAccept = () => {
    writeKey(SHELL_KEYS.hasAcceptedCookies, 'true');
    setHasAccepted(true);
    trackEvent('cookiesAccepted');
  };
  const handleDecline = () => {
    writeKey(SHELL_KEYS.hasAcceptedCookies, null);
    declineCookies();
    navigate(-1);
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookies.title')}
      elevation={8}
      sx={{
        position: 'fixed',
        left: { xs: 8, sm: 'auto' },
        right: { xs: 8, sm: 24 },
        bottom: { xs: 72, sm: 24 },
        width: { sm: 420 },
        p: 2,
        zIndex: 1250,
      }}
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <Cookie color="secondary" sx={{ mt: 0.25 }} />
        <div>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('cookies.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('cookies.body')}
          </Typography>
        </div>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
        <Button onClick={handleDecline}>{t('cookies.decline')}</Button>
        <Button variant="contained" onClick={handleAccept}>
          {t('cookies.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
