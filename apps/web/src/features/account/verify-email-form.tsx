import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { resendCode } from './account-api';
import { CodeField } from './code-field';
import { accountErrorText } from './error-text';
import { useVerifyEmail } from './queries';

export interface VerifyEmailFormProps {
  email: string;
  /** The password just chosen on this page (account setup), sent with the code. */
  password?: string;
  onVerified: () => void;
  onCancel?: () => void;
}

/** The code that proves an address; verifying signs the visitor in. */
export function VerifyEmailForm({ email, password, onVerified, onCancel }: VerifyEmailFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const verify = useVerifyEmail();
  const [error, setError] = useState<string | null>(null);
  const [hasResent, setHasResent] = useState(false);
  // Verified: the form keeps waiting while the app leaves it.
  const isBusy = verify.isPending || verify.isSuccess;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    verify.mutate(
      { email: email.trim(), code, password },
      {
        onSuccess: onVerified,
        onError: (failure) => {
          // A failed confirmation is only logged; the visitor still needs to know to try again.
          console.warn('verification failed', failure);
          setError(accountErrorText(t, failure));
        },
      },
    );
  }

  async function handleResend() {
    setError(null);
    try {
      await resendCode(email.trim(), 'verify-email');
      setHasResent(true);
    } catch (failure) {
      setError(accountErrorText(t, failure));
    }
  }

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        <Trans i18nKey="account.code.body" values={{ email }} components={{ strong: <strong /> }} />
      </Typography>
      {hasResent && <Alert severity="success">{t('account.code.resent')}</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      <CodeField value={code} onChange={setCode} autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={isBusy || code.trim() === ''}>
        {t('account.code.submit')}
      </Button>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => void handleResend()}>{t('account.code.resend')}</Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </Box>
    </Box>
  );
}
