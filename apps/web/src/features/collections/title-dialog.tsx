import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { TOPIC_LIMITS } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface TitleDialogProps {
  mode: 'create' | 'rename';
  initialTitle: string;
  onDone: (title: string | null) => void;
}

/** Asks for a collection's name: before its first save, or to rename it. */
export function TitleDialog({ mode, initialTitle, onDone }: TitleDialogProps) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(initialTitle);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onDone(title.trim());
  };
  return (
    <Dialog
      open
      onClose={() => onDone(null)}
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <DialogTitle>
          {t(mode === 'create' ? 'topic.titleDialog.create' : 'topic.titleDialog.rename')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('topic.titleDialog.label')}
            value={title}
            onChange={(event) => setTitle(event.target.value.replace(/\p{Cc}/gu, ''))}
            helperText={t('topic.titleDialog.help')}
            slotProps={{ htmlInput: { maxLength: TOPIC_LIMITS.titleChars } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onDone(null)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t(mode === 'create' ? 'common.save' : 'topic.titleDialog.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
