import Cookie from '@mui/icons-material/Cookie';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { trackEvent } from '../features/appdata/track';
import { safeLocalStorage } from './safe-storage';
import { declineCookies, isSearchScreen, SHELL_KEYS, useShellOverlays } from './shell-overlays';

/**
 * Cookie notice: accept stores the acceptance; decline is remembered and stops
 * analytics. It is a bar in the frame's column (under the title bar), not a layer over the screen, so
 * it never covers Copy or Add; it waits while the tutorial is open rather than stacking under it, and
 * on a search screen until it is known whether the first-visit tutorial opens (no flash, then gone).
 */
export function CookieNotice() {
  const { t } = useTranslation();
  const hasDeclined = useShellOverlays((s) => s.hasDeclinedCookies);
  const isTutorialOpen = useShellOverlays((s) => s.isTutorialOpen);
  const isTutorialDecided = useShellOverlays((s) => s.isTutorialDecided);
  const isWaitingForTutorial = isSearchScreen(useLocation().pathname) && !isTutorialDecided;
  const [hasAccepted, setHasAccepted] = useState(
    () => safeLocalStorage.getItem(SHELL_KEYS.hasAcceptedCookies) === 'true',
  );
  if (hasAccepted || hasDeclined || isTutorialOpen || isWaitingForTutorial) return null;

  const handleAccept = () => {
    safeLocalStorage.setItem(SHELL_KEYS.hasAcceptedCookies, 'true');
    setHasAccepted(true);
    trackEvent('cookiesAccepted');
  };
  const handleDecline = () => {
    safeLocalStorage.removeItem(SHELL_KEYS.hasAcceptedCookies);
    declineCookies();
  };

  return (
    <Paper
      role="region"
      aria-label={t('cookies.title')}
      square
      elevation={0}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: { xs: 1, sm: 2 },
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start', maxWidth: 640 }}>
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
      <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={handleDecline}>{t('cookies.decline')}</Button>
        <Button variant="contained" onClick={handleAccept}>
          {t('cookies.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
