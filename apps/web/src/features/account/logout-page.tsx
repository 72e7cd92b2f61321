import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { restartApp } from '../../shell/restart-app';
import { useSession } from '../../shell/session-store';
import { AccountCard } from './account-card';
import { accountErrorText } from './error-text';
import { forgetAccountOnDevice } from './forget-account-on-device';
import { useSignOut } from './queries';

/** /logout: confirm, then a global sign-out (every session of the user ends) and a fresh start. */
export function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useSession((s) => s.user?.email ?? null);
  const signOut = useSignOut();

  function handleSignOut() {
    signOut.mutate(undefined, {
      onSuccess: () => {
        forgetAccountOnDevice();
        // The sign-out is followed by a reload, so nothing of the account stays in memory.
        restartApp();
      },
    });
  }

  return (
    <AccountCard title={t('logout.title')} onClose={() => navigate('/')}>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        {email ? t('logout.bodyEmail', { email }) : t('logout.body')}
      </Typography>
      {signOut.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {accountErrorText(t, signOut.error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={() => (hasHistory() ? navigate(-1) : navigate('/'))}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={signOut.isPending || signOut.isSuccess} onClick={handleSignOut}>
          {t('logout.submit')}
        </Button>
      </Box>
    </AccountCard>
  );
}

/** Whether the app has a page to go back to (React Router counts its entries in history.state.idx). */
function hasHistory(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}
