import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CodeField } from './code-field';
import { accountErrorText } from './error-text';
import { sendAccountCode } from './my-account-api';
import { NewPasswordFields } from './new-password-fields';
import { PasswordField } from './password-field';
import { useChangePassword, useSetPassword } from './queries';
import { usePasswordChecks } from './use-password-checks';

export interface PasswordSectionProps {
  email: string;
  hasPassword: boolean;
}

/**
 * The account's password: changed with the current one, or, for an account that signs in by
 * emailed code (an email trial), set for the first time with a code sent to its address. Either
 * way the other devices are signed out and this one stays in.
 */
export function PasswordSection({ email, hasPassword }: PasswordSectionProps) {
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {notice && <Alert severity="success">{notice}</Alert>}
      {hasPassword ? (
        <ChangePasswordForm email={email} onDone={setNotice} />
      ) : (
        <SetPasswordForm email={email} onDone={setNotice} />
      )}
    </Box>
  );
}

function ChangePasswordForm({ email, onDone }: { email: string; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { checks, isAcceptable } = usePasswordChecks(password, repeat, email);
  const change = useChangePassword();
  const canSubmit = current !== '' && isAcceptable && !change.isPending;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    change.mutate(
      { currentPassword: current, password, passwordConfirm: repeat },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setRepeat('');
          onDone(t('account.page.passwordChanged'));
        },
      },
    );
  }

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      {change.isError && <Alert severity="error">{accountErrorText(t, change.error)}</Alert>}
      <PasswordField
        label={t('account.page.currentPassword')}
        required
        fullWidth
        autoComplete="current-password"
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
      />
      <NewPasswordFields
        label={t('login.newPassword')}
        checks={checks}
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
      />
      <Box>
        <Button type="submit" variant="contained" disabled={!canSubmit}>
          {t('account.page.changePassword')}
        </Button>
      </Box>
    </Box>
  );
}

function SetPasswordForm({ email, onDone }: { email: string; onDone: (notice: string) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { checks, isAcceptable } = usePasswordChecks(password, repeat, email);
  const send = useMutation({ mutationFn: () => sendAccountCode('set-password') });
  const set = useSetPassword();
  const canSubmit = code.length === 6 && isAcceptable && !set.isPending;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    set.mutate(
      { code, password, passwordConfirm: repeat },
      { onSuccess: () => onDone(t('account.page.passwordSet')) },
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('account.page.noPassword')}
      </Typography>
      {send.isError && <Alert severity="error">{accountErrorText(t, send.error)}</Alert>}
      {!send.isSuccess ? (
        <Box>
          <Button variant="contained" disabled={send.isPending} onClick={() => send.mutate()}>
            {t('account.page.emailCode')}
          </Button>
        </Box>
      ) : (
        <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
          <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Trans i18nKey="account.page.codeSent" values={{ email }} components={{ strong: <strong /> }} />
          </Typography>
          {set.isError && <Alert severity="error">{accountErrorText(t, set.error)}</Alert>}
          <CodeField value={code} onChange={setCode} />
          <NewPasswordFields
            label={t('login.newPassword')}
            checks={checks}
            password={password}
            repeat={repeat}
            onPasswordChange={setPassword}
            onRepeatChange={setRepeat}
          />
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained" disabled={!canSubmit}>
              {t('account.page.setPassword')}
            </Button>
            <Button disabled={send.isPending} onClick={() => send.mutate()}>
              {t('account.code.resend')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
