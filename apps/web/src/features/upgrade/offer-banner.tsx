import LocalOffer from '@mui/icons-material/LocalOffer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatCountdown } from '@tagscout/core/time';
import { useTranslation } from 'react-i18next';
import { OfferPrice } from './offer-price';

/** The special offer while its window is open, above the plans, with its countdown. */
export function OfferBanner({ remainingMs, onOpen }: { remainingMs: number; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1.5,
        borderColor: 'primary.light',
        bgcolor: 'rgba(211, 47, 47, 0.04)',
      }}
    >
      <LocalOffer color="primary" sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{t('plans.offer.title')}</Typography>
        <OfferPrice size="small" />
        <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {t('specialOffer.endsIn', { time: formatCountdown(remainingMs) })}
        </Typography>
      </Box>
      <Button variant="contained" onClick={onOpen}>
        {t('plans.offer.action')}
      </Button>
    </Paper>
  );
}
