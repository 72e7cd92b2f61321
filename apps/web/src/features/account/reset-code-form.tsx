import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { resetPassword } from './account-api';
import { CodeField } from './code-field';
import { accountErrorText } from './error-text';
import { NewPasswordFields } from './new-password-fields';
import { usePasswordChecks } from './use-password-checks';

export interface ResetCodeFormProps {
  email: string;
  onDone: () => void;
  onCancel: () => void;
}

/** Code mode: the emailed code and a new password that meets the rules. */
export function ResetCodeForm({ email, onDone, onCancel }: ResetCodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const reset = useMutation({ mutationFn: resetPassword });
  const isBusy = reset.isPending || reset.isSuccess;
  const { checks, isAcceptable } = usePasswordChecks(password, repeat, email.trim());
  const canSubmit = code.trim() !== '' && isAcceptable && !isBusy;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    reset.mutate({ email: email.trim(), code, password, passwordConfirm: repeat }, { onSuccess: onDone });
  }

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        <Trans i18nKey="login.codeBody" values={{ email }} components={{ strong: <strong /> }} />
      </Typography>
      {reset.isError && <Alert severity="error">{accountErrorText(t, reset.error)}</Alert>}
      <CodeField value={code} onChange={setCode} autoFocus />
      <NewPasswordFields
        label={t('login.newPassword')}
        checks={checks}
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
      />
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        {t('login.resetPassword')}
      </Button>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
    </Box>
  );
}
