import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionLoading } from '../../shell/route-guards';
import { DataSection } from './data-section';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { PasswordSection } from './password-section';
import { useMe } from './queries';

/**
 * /account (issue 32 §8; from the menu and Settings): the address and the password (set by an
 * emailed code when the account has none, or changed with the current one), "download my data",
 * and deleting the account with its data. An anonymous trial has only the last two.
 */
export function AccountPage() {
  const { t } = useTranslation();
  const me = useMe();
  const user = me.data?.user;
  if (!user) return <SessionLoading />;
  const email = user.isAnonymous ? null : user.email;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 640, p: { xs: 2, sm: 3 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t('account.page.title')}
        </Typography>
        <Stack divider={<Divider flexItem />} sx={{ gap: 2.5 }}>
          {email ? (
            [
              <AccountSection key="email" title={t('account.page.emailTitle')}>
                <EmailSection email={email} hasPassword={user.hasPassword} />
              </AccountSection>,
              <AccountSection key="password" title={t('account.page.passwordTitle')}>
                <PasswordSection email={email} hasPassword={user.hasPassword} />
              </AccountSection>,
            ]
          ) : (
            <Typography color="text.secondary">{t('account.page.anonymous')}</Typography>
          )}
          <AccountSection title={t('account.data.title')}>
            <DataSection />
          </AccountSection>
          <AccountSection title={t('account.delete.title')}>
            <DeleteAccountSection />
          </AccountSection>
        </Stack>
      </Paper>
    </Box>
  );
}

function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
