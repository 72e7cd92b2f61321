import { create } from 'zustand';

/** The shell's own dialogs that a screen may open (Help opens the tutorial and the feedback form). */
interface ShellOverlays {
  isTutorialOpen: boolean;
  isFeedbackOpen: boolean;
  /** The cookie notice was declined in this browser session (it shows again next visit). */
  hasDeclinedCookies: boolean;
}

const DECLINED_KEY = 'cookiesDeclined';

export const useShellOverlays = create<ShellOverlays>(() => ({
  isTutorialOpen: false,
  isFeedbackOpen: false,
  hasDeclinedCookies: readSessionFlag(DECLINED_KEY),
}));

/** Declining lasts for this browser session (so going back does not ask again at once). */
export function declineCookies(): void {
  try {
    sessionStorage.setItem(DECLINED_KEY, '1');
  } catch {
    // Storage refused: the choice lasts for this page.
  }
  useShellOverlays.setState({ hasDeclinedCookies: true });
}

function readSessionFlag(key: string): boolean {
  try {
    return typeof sessionStorage !== 'undefined' && sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

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
