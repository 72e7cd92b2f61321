import { create } from 'zustand';
import { trialSignupDraft } from './trial-signup-draft';

interface TrialSignupState {
  isOpen: boolean;
}

/** Whether the full-screen trial sign-up is open; any screen may open it. */
export const useTrialSignup = create<TrialSignupState>(() => ({ isOpen: false }));

export function openTrialSignup(): void {
  useTrialSignup.setState({ isOpen: true });
}

/** Closed, by the visitor or once the trial started: a sign-up started again starts at the address. */
export function closeTrialSignup(): void {
  useTrialSignup.setState({ isOpen: false });
  trialSignupDraft.forget();
}
