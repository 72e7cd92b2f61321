import { create } from 'zustand';

/** The shell's own dialogs that a screen may open (Help opens the tutorial and the feedback form). */
interface ShellOverlays {
  isTutorialOpen: boolean;
  isFeedbackOpen: boolean;
  /** The cookie notice was declined on this page (it shows again next visit). */
  hasDeclinedCookies: boolean;
}

export const useShellOverlays = create<ShellOverlays>(() => ({
  isTutorialOpen: false,
  isFeedbackOpen: false,
  hasDeclinedCookies: false,
}));

export function openTutorial(): void {
  useShellOverlays.setState({ isTutorialOpen: true });
}

export function closeTutorial(): void {
  useShellOverlays.setState({ isTutorialOpen: false });
}

export function openFeedback(): void {
  useShellOverlays.setState({ isFeedbackOpen: true });
}

export function closeFeedback(): void {
  useShellOverlays.setState({ isFeedbackOpen: false });
}

/** SPEC local storage keys read by the shell. */
export const SHELL_KEYS = {
  hasAcceptedCookies: 'hasAcceptedCookies',
  firstTimeUser: 'firstTimeUser',
} as const;

export function readKey(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeKey(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
}
