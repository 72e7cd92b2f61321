import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';

export interface DeleteTopicDialogProps {
  name: string;
  count: number;
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirmation 'Delete hashtag Collection' plus the collection's name. */
export function DeleteTopicDialog({ name, count, isDeleting, onConfirm, onCancel }: DeleteTopicDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onCancel}
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle sx={{ wordBreak: 'break-word' }}>{t('collections.confirmDelete', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('collections.confirmDeleteBody', { count })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={isDeleting}>
          {t('collections.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
