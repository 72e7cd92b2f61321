import Restore from '@mui/icons-material/Restore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { resolveAccess } from '@tagscout/core/access';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../shell/session-store';
import { refreshMe } from '../account/queries';
import { billingLanguage, requestRestoreLink } from './billing-api';

/**
 * "Restore purchase" on the web (/upgrade?restore=1): a signed-in buyer whose purchase is now on
 * their account goes straight to the search; anyone else gets a link emailed to the address they
 * paid with (account setup, or sign-in and the billing portal).
 */
export function WebRestorePanel() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedInEmail = useSession((s) => s.user?.email ?? '');
  const [email, setEmail] = useState(signedInEmail);
  const queryClient = useQueryClient();
  const restore = useMutation({ mutationFn: requestRestoreLink });

  useEffect(() => {
    // The server gives a signed-in account the purchase made with its address when asked who it is.
    if (!signedInEmail) return;
    let isCurrent = true;
    refreshMe(queryClient)
      .then(() => {
        if (isCurrent && resolveAccess(useSession.getState().account).isPaying) navigate('/tags');
      })
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, [signedInEmail, navigate, queryClient]);

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    restore.mutate({ email: email.trim(), language: billingLanguage(i18n.resolvedLanguage) });
  }

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="restore-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Restore color="primary" />
        <Typography id="restore-title" component="h2" variant="h6">
          {t('plans.restore.title')}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        {t('plans.restore.body')}
      </Typography>
      {restore.isSuccess ? (
        <Alert severity="success" role="status">
          {t('plans.restore.sent')}
        </Alert>
      ) : (
        <Box
          component="form"
          onSubmit={handleSubmit}
          sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            label={t('plans.restore.email')}
            type="email"
            autoComplete="email"
            required
            size="small"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            sx={{ flex: '1 1 240px' }}
          />
          <Button type="submit" variant="contained" loading={restore.isPending} sx={{ flex: '0 0 auto' }}>
            {t('plans.restore.send')}
          </Button>
          {restore.isError && (
            <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }}>
              {t('plans.restore.error')}
            </Alert>
          )}
        </Box>
      )}
    </Paper>
  );
}
