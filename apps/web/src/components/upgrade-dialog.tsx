import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface MessageDialogProps {
  isOpen: boolean;
  title: string;
  message: string;
  onClose: () => void;
  /** Offer the plans page beside Close. */
  offerUpgrade?: boolean;
}

/** A short message in a 400 px dialog, optionally offering the plans. */
export function MessageDialog({ isOpen, title, message, onClose, offerUpgrade = false }: MessageDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
        {offerUpgrade && (
          <Button variant="contained" component={RouterLink} to="/upgrade" onClick={onClose}>
            {t('upgradePrompt.action')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
