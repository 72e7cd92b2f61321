import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import { FEEDBACK_MAX_CHARS } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/error-text';
import { sendFeedback } from '../features/appdata/appdata-api';
import { trackEvent } from '../features/appdata/track';
import { closeFeedback, useShellOverlays } from './shell-overlays';

/** The beta feedback dialog, a required multiline text and Submit; kept on the server. */
export function FeedbackDialog() {
  const { t } = useTranslation();
  const isOpen = useShellOverlays((s) => s.isFeedbackOpen);
  const [message, setMessage] = useState('');
  const [isThanked, setIsThanked] = useState(false);
  const send = useMutation({
    mutationFn: () => sendFeedback({ message: message.trim(), appVersion: LIMITS.clientVersion }),
    onSuccess: () => {
      trackEvent('feedbackSent');
      setMessage('');
      closeFeedback();
      setIsThanked(true);
    },
  });
  const isEmpty = message.trim() === '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isEmpty) send.mutate();
  };

  return (
    <>
      <Dialog
        open={isOpen}
        onClose={closeFeedback}
        aria-labelledby="feedback-title"
        slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
      >
        <form onSubmit={handleSubmit} noValidate>
          <DialogTitle id="feedback-title">{t('feedback.title')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('feedback.body')}</DialogContentText>
            <TextField
              autoFocus
              required
              multiline
              minRows={4}
              fullWidth
              label={t('feedback.label')}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              slotProps={{ htmlInput: { maxLength: FEEDBACK_MAX_CHARS } }}
              helperText={`${message.length} / ${FEEDBACK_MAX_CHARS}`}
            />
            {send.isError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorText(t, send.error)}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={closeFeedback}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={isEmpty || send.isPending}>
              {t('feedback.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
      <Snackbar
        open={isThanked}
        autoHideDuration={3000}
        onClose={() => setIsThanked(false)}
        message={t('feedback.thanks')}
      />
    </>
  );
}
