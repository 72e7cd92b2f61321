import { TrialStatus, UserGroup } from '@tagscout/core/access';
import { ANONYMOUS_PROMO_CODE } from '@tagscout/core/api';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { markTrialUnverified, useSession } from '../../shell/session-store';
import { FOCUS_SEARCH } from '../search/focus-search';
import { checkEmail, checkPromoCode, removeUser, trialRegister, verifyAccount } from './account-api';
import { restoreDeviceId } from './device-id';
import { accountErrorText, errorCode as errorCodeOf } from './error-text';
import { useRefreshMe } from './queries';
import { trialSignupDraft } from './trial-signup-draft';
import { closeTrialSignup } from './trial-signup-store';

export type TrialStep = 'email' | 'code' | 'resend';

export interface TrialSignupFlow {
  step: TrialStep;
  email: string;
  isBusy: boolean;
  error: string | null;
  /** The server's code for `error`, when the server answered it. */
  errorCode: string | null;
  /** The promo code of the last address sent, as typed ('' for none). */
  sentPromoCode: string;
  /** A new code went out (shown on the code step). */
  hasResent: boolean;
  /** The address already has an account: the visitor is told, then signed in and sent home. */
  isAlreadyRegistered: boolean;
  submitEmail: (email: string, promoCode: string) => void;
  submitCode: (code: string) => void;
  resend: () => void;
  goTo: (step: TrialStep) => void;
  skip: () => void;
  finishAlreadyRegistered: () => void;
}

/**
 * The trial sign-up flow (docs/product-rules.md#trials): email -> code -> resend -> code, and the anonymous skip.
 */
export function useTrialSignupFlow(): TrialSignupFlow {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const refreshMe = useRefreshMe();
  // A reload on the code step comes back to it, for the same address: not to an empty form whose
  // new send the per-address limit would refuse.
  const [draft] = useState(trialSignupDraft.read);
  const [step, setStep] = useState<TrialStep>(draft?.step ?? 'email');
  const [email, setEmail] = useState(draft?.email ?? '');
  const [promoCode, setPromoCode] = useState(draft?.promoCode ?? '');
  const [sentAt, setSentAt] = useState(draft?.sentAt ?? 0);
  const [error, setError] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [sentPromoCode, setSentPromoCode] = useState('');
  const [hasResent, setHasResent] = useState(false);
  const [isAlreadyRegistered, setIsAlreadyRegistered] = useState(false);
  const language = i18n.resolvedLanguage === 'pt' ? 'pt' : 'en';
  // One request chain at a time: while it runs every step's button waits.
  const request = useMutation({
    mutationFn: (action: () => Promise<void>) => action(),
    onMutate: () => {
      setError(null);
      setErrorCode(null);
    },
    onError: (failure) => {
      setError(accountErrorText(t, failure));
      setErrorCode(errorCodeOf(failure));
    },
  });
  const run = (action: () => Promise<void>) => request.mutate(action);

  /** The default promo code from the server, or the visitor's own once checked; then the code goes out. */
  async function register(address: string, code: string) {
    const promo = await checkPromoCode(code || undefined);
    await trialRegister({ email: address, promocode: promo.promoCode, language });
    markTrialUnverified();
  }

  return {
    step,
    email,
    isBusy: request.isPending,
    error,
    errorCode,
    sentPromoCode,
    hasResent,
    isAlreadyRegistered,
    submitEmail: (address, code) => {
      setSentPromoCode(code.trim());
      run(async () => {
        await checkEmail(address);
        await register(address, code.trim());
        const now = Date.now();
        setEmail(address);
        setPromoCode(code.trim());
        setSentAt(now);
        setHasResent(false);
        setStep('code');
        trialSignupDraft.save({ step: 'code', email: address, promoCode: code.trim(), sentAt: now });
      });
    },
    submitCode: (code) =>
      run(async () => {
        const answer = await verifyAccount({ email, code, trial: true, language });
        if (answer.alreadyRegistered) {
          trialSignupDraft.forget();
          restoreDeviceId(answer.uuID);
          await refreshMe();
          setIsAlreadyRegistered(true);
          return;
        }
        if (!answer.inTrial) {
          setError(t('account.errors.codeNotVerified'));
          return;
        }
        trialSignupDraft.forget();
        await refreshMe();
        closeTrialSignup();
        // The guide's first step asks to type a word: the box is ready for it.
        navigate('/tags', { state: FOCUS_SEARCH });
      }),
    resend: () =>
      run(async () => {
        await removeUser();
        await register(email, promoCode);
        const now = Date.now();
        setSentAt(now);
        setHasResent(true);
        setStep('code');
        trialSignupDraft.save({ step: 'code', email, promoCode, sentAt: now });
      }),
    goTo: (next) => {
      setError(null);
      setErrorCode(null);
      setStep(next);
      if (next === 'email') trialSignupDraft.forget();
      else trialSignupDraft.save({ step: next, email, promoCode, sentAt });
    },
    skip: () =>
      run(async () => {
        const { account } = useSession.getState();
        if (account.group === UserGroup.unRegTrial || account.trialStatus === TrialStatus.expired) {
          closeTrialSignup();
          return;
        }
        await trialRegister({ promocode: ANONYMOUS_PROMO_CODE, language });
        trialSignupDraft.forget();
        await refreshMe();
        closeTrialSignup();
        navigate('/tags', { state: FOCUS_SEARCH });
      }),
    finishAlreadyRegistered: () => {
      setIsAlreadyRegistered(false);
      closeTrialSignup();
      navigate('/');
    },
  };
}
