import LocalOffer from '@mui/icons-material/LocalOffer';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@tagscout/core/limits';
import { formatCountdown } from '@tagscout/core/time';
import { useTranslation } from 'react-i18next';
import { OfferPrice } from '../upgrade/offer-price';

export interface SpecialOfferDialogProps {
  isOpen: boolean;
  /** Milliseconds left of the offer window. */
  remainingMs: number;
  onClose: () => void;
  onAccept: () => void;
}

/** The limited-time annual price with its countdown (docs/product-rules.md#dialogs). */
export function SpecialOfferDialog({ isOpen, remainingMs, onClose, onAccept }: SpecialOfferDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby="special-offer-title"
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="special-offer-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <LocalOffer color="primary" />
        {t('specialOffer.title')}
      </DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('specialOffer.body')}</Typography>
        <Box sx={{ mb: 2 }}>
          <OfferPrice />
        </Box>
        <Typography role="timer" aria-live="off" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
          {t('specialOffer.endsIn', { time: formatCountdown(remainingMs) })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('specialOffer.noThanks')}</Button>
        <Button variant="contained" onClick={onAccept}>
          {t('specialOffer.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
