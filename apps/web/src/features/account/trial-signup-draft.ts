import { safeSessionStorage } from '../../shell/safe-storage';

/** Where an email trial's sign-up stands once its code went out: kept for the tab across a reload. */
export interface TrialSignupDraft {
  step: 'code' | 'resend';
  email: string;
  promoCode: string;
}

const DRAFT_KEY = 'trialSignupDraft';

export const trialSignupDraft = {
  read(): TrialSignupDraft | null {
    try {
      const draft = JSON.parse(safeSessionStorage.getItem(DRAFT_KEY) ?? 'null') as TrialSignupDraft | null;
      const isDraft =
        (draft?.step === 'code' || draft?.step === 'resend') &&
        typeof draft.email === 'string' &&
        typeof draft.promoCode === 'string';
      return isDraft ? draft : null;
    } catch {
      return null;
    }
  },
  save: (draft: TrialSignupDraft): void => safeSessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft)),
  /** The trial started, the visitor went back to the address, or signed out (the address is theirs). */
  forget: (): void => safeSessionStorage.removeItem(DRAFT_KEY),
};
