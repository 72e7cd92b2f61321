import {
  restoreWalkthrough,
  type WalkthroughAction,
  type WalkthroughState,
  walkthroughReducer,
} from '@tagscout/core/walkthrough';
import { create } from 'zustand';
import { safeLocalStorage } from '../../shell/safe-storage';
import { trackEvent } from '../appdata/track';

/** Local storage keys: the guide on or off, and the steps already shown. */
export const SHOW_GUIDE_KEY = 'showGuide';
export const WALKTHROUGH_STATE_KEY = 'walkthroughState';

export const useWalkthrough = create<WalkthroughState>(() =>
  restoreWalkthrough(
    safeLocalStorage.getItem(SHOW_GUIDE_KEY),
    safeLocalStorage.getItem(WALKTHROUGH_STATE_KEY),
  ),
);

/** Runs the core rules and keeps what must outlive the page. */
export function dispatchWalkthrough(action: WalkthroughAction): void {
  const before = useWalkthrough.getState();
  const after = walkthroughReducer(before, action);
  if (after === before) return;
  useWalkthrough.setState(after, true);
  if (after.isOn !== before.isOn) safeLocalStorage.setItem(SHOW_GUIDE_KEY, String(after.isOn));
  if (after.shown !== before.shown)
    safeLocalStorage.setItem(WALKTHROUGH_STATE_KEY, JSON.stringify({ shown: after.shown }));
  if (after.current && after.current !== before.current) {
    trackEvent('walkthroughStep', { props: { step: after.current } });
  }
  if (before.isOn && !after.isOn) trackEvent('walkthroughOff');
}

/** Help's "Restart the guide". */
export function restartWalkthrough(): void {
  dispatchWalkthrough({ type: 'restart' });
  safeLocalStorage.setItem(SHOW_GUIDE_KEY, 'true');
  trackEvent('walkthroughRestart');
}
