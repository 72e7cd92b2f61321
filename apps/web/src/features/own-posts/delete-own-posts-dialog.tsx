import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OwnNetwork } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';

/** "Delete my imported posts": of the network shown, or all of them. */
export function DeleteOwnPostsDialog({
  network,
  isDeleting,
  onConfirm,
  onCancel,
}: {
  network: OwnNetwork | null;
  isDeleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onCancel}
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>{t('ownPosts.confirmDelete')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {network
            ? t('ownPosts.confirmDeleteNetwork', { network: t(`ownPosts.network.${network}`) })
            : t('ownPosts.confirmDeleteAll')}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={isDeleting}>
          {t('ownPosts.deleteConfirmed')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
