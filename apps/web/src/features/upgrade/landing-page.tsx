import Android from '@mui/icons-material/Android';
import Apple from '@mui/icons-material/Apple';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../../native/app-release';

/** /landingPage: Tagscout is in the app stores (where the web build is app-only, every path leads here). */
export function LandingPage() {
  const { t } = useTranslation();
  const config = useQuery(appConfigQuery);
  const urls = config.data?.storeUrls;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 5, sm: 10 } }}>
      <Box
        sx={{
          maxWidth: 520,
          textAlign: 'center',
          display: 'flex',
          flexDirection: 'column',
          gap: 2.5,
          alignItems: 'center',
        }}
      >
        <Box component="img" src="/logo.svg" alt="" sx={{ width: 72, height: 72 }} />
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800 }}>
          {t('landing.title')}
        </Typography>
        <Typography color="text.secondary">{t('landing.body')}</Typography>
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', justifyContent: 'center', mt: 1 }}>
          <Button
            variant="contained"
            size="large"
            startIcon={<Apple />}
            href={urls?.ios ?? '#'}
            disabled={!urls}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ bgcolor: '#111', '&:hover': { bgcolor: '#333' } }}
          >
            {t('landing.appStore')}
          </Button>
          <Button
            variant="contained"
            size="large"
            startIcon={<Android />}
            href={urls?.android ?? '#'}
            disabled={!urls}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ bgcolor: '#111', '&:hover': { bgcolor: '#333' } }}
          >
            {t('landing.playStore')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
