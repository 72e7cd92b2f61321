import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { requestSignInCode } from './account-api';
import { CodeField } from './code-field';
import { accountErrorText } from './error-text';
import { useSignInWithCode } from './queries';

export interface SignInCodeFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  /** Send the code at once (the visitor asked for it from a failed password sign-in). */
  sendAtOnce: boolean;
  onSignedIn: () => void;
  onCancel: () => void;
}

/**
 * Sign-in by emailed code: the way in for an account without a password (an email trial), and for
 * anyone who prefers it. The server answers every address alike; only an account's gets a code.
 */
export function SignInCodeForm({
  email,
  onEmailChange,
  sendAtOnce,
  onSignedIn,
  onCancel,
}: SignInCodeFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const send = useMutation({ mutationFn: requestSignInCode });
  const signIn = useSignInWithCode();
  const address = email.trim();
  const hasSentAtOnce = useRef(false);

  useEffect(() => {
    if (!sendAtOnce || hasSentAtOnce.current || address === '') return;
    hasSentAtOnce.current = true;
    send.mutate(address);
  }, [sendAtOnce, address, send]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!send.isSuccess) send.mutate(address);
    else signIn.mutate({ email: address, code }, { onSuccess: onSignedIn });
  }

  const isCodeStep = send.isSuccess;
  const error = isCodeStep ? signIn.error : send.error;
  const isBusy = send.isPending || signIn.isPending || signIn.isSuccess;
  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      {error && <Alert severity="error">{accountErrorText(t, error)}</Alert>}
      {!isCodeStep ? (
        <>
          <Typography color="text.secondary">{t('login.codeSignInBody')}</Typography>
          <TextField
            label={t('login.email')}
            type="email"
            required
            fullWidth
            autoComplete="username"
            // Asked for on purpose ("Use a code we email you"), as the forgotten-password form is.
            autoFocus
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Trans
              i18nKey="login.codeSignInSent"
              values={{ email: address }}
              components={{ strong: <strong /> }}
            />
          </Typography>
          <CodeField value={code} onChange={setCode} autoFocus />
        </>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isBusy || (isCodeStep ? code.length !== 6 : address === '')}
      >
        {isCodeStep ? t('login.submit') : t('login.sendCode')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onCancel}>{t('login.backToPassword')}</Button>
        {isCodeStep && (
          <Button disabled={isBusy} onClick={() => send.mutate(address)}>
            {t('account.code.resend')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
