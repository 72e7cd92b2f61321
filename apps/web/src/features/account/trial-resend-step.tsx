import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Trans, useTranslation } from 'react-i18next';
import type { TrialSignupFlow } from './use-trial-signup-flow';

/** Step 3: no code arrived: tips, and a new code (the old registration is removed first). */
export function TrialResendStep({ flow }: { flow: TrialSignupFlow }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 1.5, overflowWrap: 'anywhere' }}>
        <Trans
          i18nKey="trial.resend.body"
          values={{ email: flow.email }}
          components={{ strong: <strong /> }}
        />
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('trial.resend.tips')}
      </Typography>
      <Button
        variant="contained"
        size="large"
        fullWidth
        disabled={flow.isBusy}
        onClick={() => void flow.resend()}
      >
        {flow.isBusy ? t('trial.email.sending') : t('trial.resend.submit')}
      </Button>
      <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
        <Button onClick={() => flow.goTo('code')}>{t('trial.resend.back')}</Button>
        <Button onClick={() => flow.goTo('email')}>{t('trial.code.changeEmail')}</Button>
      </Box>
    </Box>
  );
}
