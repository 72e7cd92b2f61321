import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatUsd, PLANS } from '@tagscout/core/billing';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../account/visually-hidden';

/**
 * The special offer's price and its own crossed-out price ($19.99, was $29.99) with "per year", kept
 * together so the old price never reads as the regular annual plan's ($39.99).
 */
export function OfferPrice({ size = 'large' }: { size?: 'large' | 'small' }) {
  const { t } = useTranslation();
  const locale = t('common.locale');
  const plan = PLANS.annualSpecial;
  return (
    <Box
      data-testid="offer-price"
      sx={{ display: 'flex', alignItems: 'baseline', gap: size === 'large' ? 1.5 : 1, flexWrap: 'wrap' }}
    >
      <Typography variant={size === 'large' ? 'h4' : 'h6'} component="p" sx={{ fontWeight: 700 }}>
        {formatUsd(plan.priceUsd, locale)}
      </Typography>
      {plan.wasPriceUsd !== null && (
        <Typography component="s" color="text.secondary" sx={{ textDecoration: 'line-through' }}>
          <Box component="span" sx={visuallyHidden}>
            {t('specialOffer.wasLabel')}
          </Box>
          {formatUsd(plan.wasPriceUsd, locale)}
        </Typography>
      )}
      <Typography color="text.secondary">{t('specialOffer.perYear')}</Typography>
    </Box>
  );
}
