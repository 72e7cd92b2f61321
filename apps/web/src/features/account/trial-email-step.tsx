import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AccountErrorCode } from '@tagscout/core/api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { checkPromoCode } from './account-api';
import type { TrialSignupFlow } from './use-trial-signup-flow';

/**
 * The send's error when the typed promo code was the reason: said under the field (not in the
 * dialog's alert) while the field still holds that code.
 */
export function promoCodeErrorOf(
  flow: Pick<TrialSignupFlow, 'error' | 'errorCode' | 'sentPromoCode'>,
): string | null {
  const isPromoCodes = flow.errorCode === AccountErrorCode.unknownPromoCode && flow.sentPromoCode !== '';
  return isPromoCodes ? flow.error : null;
}

/** Step 1: the email (and an optional promo code). */
export function TrialEmailStep({ flow }: { flow: TrialSignupFlow }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState(flow.email);
  const [promoCode, setPromoCode] = useState('');
  const [hasPromoField, setHasPromoField] = useState(false);
  // The default promo code decides how long the trial is.
  const { data: promo } = useQuery({
    queryKey: ['promo', 'default'],
    queryFn: () => checkPromoCode(),
    staleTime: 10 * 60_000,
    retry: false,
  });
  // A typed code decides it instead, asked for once typing pauses.
  const typedCode = useTypingPaused(promoCode.trim().toUpperCase());
  const typed = useQuery({
    queryKey: ['promo', typedCode],
    queryFn: () => checkPromoCode(typedCode),
    enabled: typedCode !== '',
    staleTime: 10 * 60_000,
    retry: false,
  });
  const days = (typedCode !== '' && typed.data ? typed.data : promo)?.promoPeriod;
  // Found while typing, or answered to the send of the code still in the field: said once, there.
  const sentCodeProblem =
    promoCode.trim().toUpperCase() === flow.sentPromoCode.toUpperCase() ? promoCodeErrorOf(flow) : null;
  const codeProblem =
    typedCode !== '' && typed.isError ? errorText(t, typed.error) : (sentCodeProblem ?? undefined);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void flow.submitEmail(email.trim(), promoCode);
  }

  return (
    <Box component="form" onSubmit={handleSubmit} noValidate={false}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {days === undefined ? t('trial.email.body') : t('trial.email.bodyDays', { count: days })}
      </Typography>
      <TextField
        label={t('trial.email.label')}
        type="email"
        required
        fullWidth
        autoFocus
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        slotProps={{ htmlInput: { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } }}
      />
      {hasPromoField ? (
        <TextField
          label={t('trial.email.promoLabel')}
          fullWidth
          value={promoCode}
          onChange={(event) => setPromoCode(event.target.value)}
          error={codeProblem !== undefined}
          helperText={codeProblem}
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoCorrect: 'off', spellCheck: false } }}
        />
      ) : (
        <Link component="button" type="button" onClick={() => setHasPromoField(true)} sx={{ mt: 1.5 }}>
          {t('trial.email.havePromo')}
        </Link>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={flow.isBusy} sx={{ mt: 3 }}>
        {flow.isBusy ? t('trial.email.sending') : t('trial.email.submit')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {t('trial.email.noCard')}
      </Typography>
    </Box>
  );
}

/** The value once it has not changed for a moment (a code is looked up when typing pauses). */
function useTypingPaused(value: string): string {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return paused;
}

const TYPING_PAUSE_MS = 300;
