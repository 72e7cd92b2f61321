import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { AccountErrorCode } from '@tagscout/core/api';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isMobileApp } from '../../shell/platform';
import { useSession } from '../../shell/session-store';
import { accountErrorText, errorCode } from './error-text';
import { PasswordField } from './password-field';
import { useSignIn } from './queries';

export interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSignedIn: () => void;
  onForgot: () => void;
  /** The address is waiting for its code; the password typed here goes with the code. */
  onNotVerified: (password: string) => void;
  /** Sign in with an emailed code instead; `sendAtOnce` after a failed password (the address is typed). */
  onUseCode: (sendAtOnce: boolean) => void;
}

type Failure = 'incorrect' | 'error' | null;

/** Email, password, remember me; the messages while and after checking (docs/product-rules.md#sign-in-and-account-setup). */
export function LoginForm({
  email,
  onEmailChange,
  onSignedIn,
  onForgot,
  onNotVerified,
  onUseCode,
}: LoginFormProps) {
  const { t } = useTranslation();
  const platform = useSession((s) => s.account.platform);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const signIn = useSignIn();
  const [failure, setFailure] = useState<Failure>(null);
  // Under "Login Error": why, when it is something the visitor can act on (a wait, the connection).
  const [detail, setDetail] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setDetail(null);
    signIn.mutate(
      { email: email.trim(), password, rememberMe },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const code = errorCode(error);
          if (code === AccountErrorCode.emailNotVerified) return onNotVerified(password);
          setFailure(code === AccountErrorCode.invalidCredentials ? 'incorrect' : 'error');
          if (code === AccountErrorCode.rateLimited || code === 'network')
            setDetail(accountErrorText(t, error));
        },
      },
    );
  }

  // Signed in: the form keeps waiting while the app leaves it.
  const isChecking = signIn.isPending || signIn.isSuccess;
  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      {failure === 'incorrect' && (
        <Alert
          severity="error"
          action={
            email.trim() !== '' && (
              <Button color="inherit" size="small" onClick={() => onUseCode(true)}>
                {t('login.emailMeCode')}
              </Button>
            )
          }
        >
          <AlertTitle>{t('login.incorrect')}</AlertTitle>
          {/* The same for every address (enumeration): an account without a password signs in by code. */}
          {t('login.codeHint')}
        </Alert>
      )}
      {failure === 'error' && (
        <Alert severity="error">
          {detail ? <AlertTitle>{t('login.error')}</AlertTitle> : t('login.error')}
          {detail}
        </Alert>
      )}
      <TextField
        label={t('login.email')}
        type="email"
        required
        fullWidth
        autoComplete="username"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
        slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
      />
      <PasswordField
        label={t('login.password')}
        required
        fullWidth
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <FormControlLabel
        control={<Checkbox checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />}
        label={t('login.rememberMe')}
        sx={{ mt: -1 }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isChecking}
        startIcon={isChecking ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {isChecking ? t('login.checking') : t('login.submit')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to="/upgrade">
          {t('login.needAccount')}
        </Link>
        <Link component="button" type="button" onClick={onForgot}>
          {t('login.forgot')}
        </Link>
      </Box>
      <Button variant="outlined" onClick={() => onUseCode(false)}>
        {t('login.useCode')}
      </Button>
      {isMobileApp(platform) && (
        <Button component={RouterLink} to="/upgrade?restore=1" variant="outlined">
          {t('login.restorePurchases')}
        </Button>
      )}
    </Box>
  );
}
