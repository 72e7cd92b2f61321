import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';

export interface UnsavedChangesDialogProps {
  /** The collection's name as shown. */
  name: string;
  /** Offer Save (a visitor of the limited search cannot keep collections). */
  canSave: boolean;
  isSaving: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}

/** Leaving, starting a new search or opening another collection with changes not saved. */
export function UnsavedChangesDialog({
  name,
  canSave,
  isSaving,
  onSave,
  onDiscard,
  onCancel,
}: UnsavedChangesDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onCancel}
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle>{t(canSave ? 'topic.unsaved.title' : 'topic.unsaved.titleNoSave')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(canSave ? 'topic.unsaved.body' : 'topic.unsaved.bodyNoSave', { name })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>{t('topic.unsaved.keepEditing')}</Button>
        <Button onClick={onDiscard} color={canSave ? 'inherit' : 'primary'}>
          {t(canSave ? 'topic.unsaved.discard' : 'topic.unsaved.discardNoSave')}
        </Button>
        {canSave && (
          <Button variant="contained" onClick={onSave} disabled={isSaving}>
            {t('topic.unsaved.saveAndGo')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
