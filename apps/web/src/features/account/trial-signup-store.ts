import { create } from 'zustand';

interface TrialSignupState {
  isOpen: boolean;
}

/** Whether the full-screen trial sign-up is open; any screen may open it. */
export const useTrialSignup = create<TrialSignupState>(() => ({ isOpen: false }));

export function openTrialSignup(): void {
  useTrialSignup.setState({ isOpen: true });
}

export function closeTrialSignup(): void {
  useTrialSignup.setState({ isOpen: false });
}
