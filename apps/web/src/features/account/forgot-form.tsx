import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { forgotPassword } from './account-api';
import { accountErrorText } from './error-text';

export interface ForgotFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: () => void;
  onCancel: () => void;
}

/** Forgot mode: the address a reset code goes to. */
export function ForgotForm({ email, onEmailChange, onSent, onCancel }: ForgotFormProps) {
  const { t } = useTranslation();
  const request = useMutation({ mutationFn: forgotPassword });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    request.mutate(email.trim(), { onSuccess: onSent });
  }

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('login.forgotBody')}</Typography>
      {request.isError && <Alert severity="error">{accountErrorText(t, request.error)}</Alert>}
      <TextField
        label={t('login.email')}
        type="email"
        required
        fullWidth
        autoFocus
        autoComplete="username"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={request.isPending || request.isSuccess}
      >
        {t('login.sendResetCode')}
      </Button>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
    </Box>
  );
}
