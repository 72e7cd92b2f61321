import ContentCopy from '@mui/icons-material/ContentCopy';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import OpenInBrowser from '@mui/icons-material/OpenInBrowser';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isInAppBrowser } from '../../shell/route-guards';

/**
 * /inAppBrowser: inside Instagram's (or a similar app's) own browser, how to open Tagscout in the
 * system browser, where signing in and paying work. Anywhere else it goes to /.
 */
export function InAppBrowserPage() {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  if (!isInAppBrowser()) return <Navigate to="/" replace />;
  const isApple = /iPhone|iPad|iPod/i.test(navigator.userAgent);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(window.location.origin);
      setIsCopied(true);
    } catch {
      setIsCopied(false);
    }
  }

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 4, sm: 8 } }}>
      <Box sx={{ maxWidth: 480, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {t('inAppBrowserPage.title')}
        </Typography>
        <Typography color="text.secondary">{t('inAppBrowserPage.body')}</Typography>
        <Paper
          variant="outlined"
          component="ol"
          sx={{ m: 0, p: 2.5, pl: 5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
        >
          <li>
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              {t('inAppBrowserPage.stepMenu')} <MoreHoriz aria-hidden />
            </Typography>
          </li>
          <li>
            <Typography sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              {t(isApple ? 'inAppBrowserPage.stepSafari' : 'inAppBrowserPage.stepBrowser')}{' '}
              <OpenInBrowser aria-hidden />
            </Typography>
          </li>
        </Paper>
        <Button
          variant="outlined"
          startIcon={<ContentCopy />}
          onClick={() => void handleCopy()}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t(isCopied ? 'inAppBrowserPage.copied' : 'inAppBrowserPage.copy')}
        </Button>
      </Box>
    </Box>
  );
}
