import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '../../shell/session-store';
import { AccountCard } from './account-card';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { ResetCodeForm } from './reset-code-form';
import { SignInCodeForm } from './sign-in-code-form';
import { VerifyEmailForm } from './verify-email-form';

/**
 * login, forgot and code (docs/product-rules.md#sign-in-and-account-setup), verify for an address
 * not yet proven, and signInCode: signing in with an emailed code instead of a password.
 */
export type LoginMode = 'login' | 'forgot' | 'code' | 'verify' | 'signInCode';

export interface LoginPageProps {
  /** /newlogin: the first sign-in after setting up an account. */
  isNewAccount?: boolean;
}

/** /login and /newlogin: sign in, or reset a forgotten password with an emailed code. */
export function LoginPage({ isNewAccount = false }: LoginPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<LoginMode>('login');
  const [email, setEmail] = useState('');
  const [waitingPassword, setWaitingPassword] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const [sendsCodeAtOnce, setSendsCodeAtOnce] = useState(false);
  const signedInAs = useSession((s) => (s.user?.isAnonymous ? null : (s.user?.email ?? null)));

  const goTo = (next: LoginMode, message: string | null = null) => {
    setNotice(message);
    setMode(next);
  };
  const handleSignedIn = () => navigate('/', { replace: true });
  const titles: Record<LoginMode, string> = {
    login: isNewAccount ? t('login.newTitle') : t('login.title'),
    forgot: t('login.forgotTitle'),
    code: t('login.codeTitle'),
    verify: t('login.verifyTitle'),
    signInCode: t('login.codeSignInTitle'),
  };

  return (
    <AccountCard
      title={titles[mode]}
      subtitle={mode === 'login' && isNewAccount ? t('login.newSubtitle') : undefined}
      onClose={() => navigate('/')}
    >
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {mode === 'login' && signedInAs && !notice && (
        // Signing in over another account would skip the sign-out's clean start (its list, its events).
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/logout">
              {t('login.signOutFirst')}
            </Button>
          }
        >
          {t('login.signedInAs', { email: signedInAs })}
        </Alert>
      )}
      {mode === 'login' && (
        <LoginForm
          email={email}
          onEmailChange={setEmail}
          onSignedIn={handleSignedIn}
          onForgot={() => goTo('forgot')}
          onNotVerified={(password) => {
            setWaitingPassword(password);
            goTo('verify');
          }}
          onUseCode={(sendAtOnce) => {
            setSendsCodeAtOnce(sendAtOnce);
            goTo('signInCode');
          }}
        />
      )}
      {mode === 'signInCode' && (
        <SignInCodeForm
          email={email}
          onEmailChange={setEmail}
          sendAtOnce={sendsCodeAtOnce}
          onSignedIn={handleSignedIn}
          onCancel={() => goTo('login')}
        />
      )}
      {mode === 'forgot' && (
        <ForgotForm
          email={email}
          onEmailChange={setEmail}
          onSent={() => goTo('code')}
          onCancel={() => goTo('login')}
        />
      )}
      {mode === 'code' && (
        <ResetCodeForm
          email={email}
          onDone={() => goTo('login', t('login.passwordChanged'))}
          onCancel={() => goTo('login')}
        />
      )}
      {mode === 'verify' && (
        <VerifyEmailForm
          email={email}
          password={waitingPassword}
          onVerified={handleSignedIn}
          onCancel={() => goTo('login')}
        />
      )}
    </AccountCard>
  );
}
