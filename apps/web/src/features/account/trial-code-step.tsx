import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CodeField } from './code-field';
import type { TrialSignupFlow } from './use-trial-signup-flow';

/** Step 2: the 6-digit code from the email. */
export function TrialCodeStep({ flow }: { flow: TrialSignupFlow }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void flow.submitCode(code);
  }

  return (
    <Box component="form" onSubmit={handleSubmit}>
      <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        <Trans i18nKey="trial.code.body" values={{ email: flow.email }} components={{ strong: <strong /> }} />
      </Typography>
      {flow.hasResent && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('trial.code.resent')}
        </Alert>
      )}
      <CodeField value={code} onChange={setCode} autoFocus />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={flow.isBusy} sx={{ mt: 3 }}>
        {flow.isBusy ? t('trial.code.checking') : t('trial.code.submit')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        <Link component="button" type="button" onClick={() => flow.goTo('resend')}>
          {t('trial.code.noCode')}
        </Link>
        <Link component="button" type="button" onClick={() => flow.goTo('email')}>
          {t('trial.code.changeEmail')}
        </Link>
      </Box>
    </Box>
  );
}
