import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';

export type ConflictChoice = 'reload' | 'overwrite' | 'cancel';

/** A save from a stale version: load the version saved elsewhere, or save this one over it. */
export function ConflictDialog({ onChoose }: { onChoose: (choice: ConflictChoice) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={() => onChoose('cancel')}
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>{t('topic.conflict.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('topic.conflict.body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => onChoose('cancel')}>{t('common.cancel')}</Button>
        <Button onClick={() => onChoose('reload')}>{t('topic.conflict.reload')}</Button>
        <Button variant="contained" onClick={() => onChoose('overwrite')}>
          {t('topic.conflict.overwrite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
