import { create } from 'zustand';
import { safeLocalStorage } from './safe-storage';

/** The shell's own dialogs that a screen may open (Help opens the tutorial and the feedback form). */
interface ShellOverlays {
  isTutorialOpen: boolean;
  isFeedbackOpen: boolean;
  /** The cookie notice was declined in this browser (remembered; no analytics are sent). */
  hasDeclinedCookies: boolean;
  /**
   * Whether the first-visit tutorial opens is known: it was seen before, or the app data said
   * whether it is switched on. Until then the cookie notice waits on a search screen, so it does not
   * show for a moment and hide under the tutorial.
   */
  isTutorialDecided: boolean;
}

/** Local storage keys read by the shell (docs/product-rules.md#device-storage). */
export const SHELL_KEYS = {
  hasAcceptedCookies: 'hasAcceptedCookies',
  firstTimeUser: 'firstTimeUser',
} as const;

const DECLINED_KEY = 'cookiesDeclined';

export const useShellOverlays = create<ShellOverlays>(() => ({
  isTutorialOpen: false,
  isFeedbackOpen: false,
  hasDeclinedCookies: hasDeclinedAnalytics(),
  isTutorialDecided: safeLocalStorage.getItem(SHELL_KEYS.firstTimeUser) === 'false',
}));

export function markTutorialDecided(): void {
  useShellOverlays.setState({ isTutorialDecided: true });
}

/** The screens whose first visit opens the tutorial. */
export function isSearchScreen(pathname: string): boolean {
  return pathname.startsWith('/tags') || pathname === '/try';
}

/** Declining is remembered in this browser, and stops analytics from then on. */
export function declineCookies(): void {
  safeLocalStorage.setItem(DECLINED_KEY, '1');
  useShellOverlays.setState({ hasDeclinedCookies: true });
}

/** The visitor declined cookies here: no analytics event may leave the device. */
export function hasDeclinedAnalytics(): boolean {
  return safeLocalStorage.getItem(DECLINED_KEY) === '1';
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
