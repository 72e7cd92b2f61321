import { safeSessionStorage } from '../../shell/safe-storage';

/** Where an email trial's sign-up stands once its code went out: kept for the tab across a reload. */
export interface TrialSignupDraft {
  step: 'code' | 'resend';
  email: string;
  promoCode: string;
  /** When the code went out (ms since 1970). */
  sentAt: number;
}

const DRAFT_KEY = 'trialSignupDraft';
/** How long an emailed code works (the server's CODE_TTL_SECONDS): after it the draft is dropped. */
const CODE_LIFE_MS = 10 * 60_000;

export const trialSignupDraft = {
  /** The draft of a code still working, else null. */
  read(now = Date.now()): TrialSignupDraft | null {
    try {
      const draft = JSON.parse(safeSessionStorage.getItem(DRAFT_KEY) ?? 'null') as TrialSignupDraft | null;
      const isDraft =
        (draft?.step === 'code' || draft?.step === 'resend') &&
        typeof draft.email === 'string' &&
        typeof draft.promoCode === 'string' &&
        typeof draft.sentAt === 'number';
      return isDraft && now - draft.sentAt < CODE_LIFE_MS ? draft : null;
    } catch {
      return null;
    }
  },
  save: (draft: TrialSignupDraft): void => safeSessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft)),
  /**
   * The sign-up ended (the trial started, the dialog was closed), the visitor went back to the
   * address, or signed out (the address is theirs).
   */
  forget: (): void => safeSessionStorage.removeItem(DRAFT_KEY),
};
