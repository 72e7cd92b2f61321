import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { MessageDialog } from '../../components/upgrade-dialog';
import { signUp } from './account-api';
import { AccountCard } from './account-card';
import { accountErrorText } from './error-text';
import { NewPasswordForm } from './new-password-form';
import { VerifyEmailForm } from './verify-email-form';

/** Account setup (docs/product-rules.md#sign-in-and-account-setup): form -> waiting -> error | confirmation code -> redirect to /. */
type View = 'form' | 'waiting' | 'error' | 'code';

/**
 * /newaccount?email=: a customer from the hosted checkout (or its emailed link) sets a password and
 * proves the address; the purchase goes to the account with that verified address.
 */
export function NewAccountPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  if (!email) return <NotHere />;
  return <AccountSetup email={email} key={email} title={t('newAccount.title')} />;
}

function AccountSetup({ email, title }: { email: string; title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [view, setView] = useState<View>('form');
  const [error, setError] = useState('');
  const [isVerified, setIsVerified] = useState(false);
  const [password, setPassword] = useState('');

  async function handleSubmit(chosen: string, repeat: string) {
    setPassword(chosen);
    setView('waiting');
    try {
      await signUp({ email, password: chosen, passwordConfirm: repeat });
      setView('code');
    } catch (failure) {
      setError(accountErrorText(t, failure, 'newAccount.unknownError'));
      setView('error');
    }
  }

  return (
    <AccountCard
      title={title}
      subtitle={
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {email}
        </Box>
      }
    >
      {view === 'form' && <NewPasswordForm email={email} onSubmit={handleSubmit} />}
      {view === 'waiting' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
          <CircularProgress size={28} />
          <Typography>{t('newAccount.waiting')}</Typography>
        </Box>
      )}
      {view === 'error' && (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Alert severity="error">
            <AlertTitle>{t('newAccount.errorTitle')}</AlertTitle>
            {error}
          </Alert>
          <Button variant="contained" onClick={() => setView('form')}>
            {t('common.retry')}
          </Button>
        </Box>
      )}
      {view === 'code' && (
        <VerifyEmailForm email={email} password={password} onVerified={() => setIsVerified(true)} />
      )}
      <MessageDialog
        isOpen={isVerified}
        title={t('newAccount.verifiedTitle')}
        message={t('newAccount.verified')}
        onClose={() => navigate('/', { replace: true })}
      />
    </AccountCard>
  );
}

/** Without an email the screen has nothing to set up. */
function NotHere() {
  const { t } = useTranslation();
  return (
    <AccountCard title={t('newAccount.notHere')}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('newAccount.notHereBody')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="contained" component={RouterLink} to="/try">
          {t('newAccount.tryIt')}
        </Button>
        <Link component={RouterLink} to="/login">
          {t('newAccount.haveAccount')}
        </Link>
      </Box>
    </AccountCard>
  );
}
