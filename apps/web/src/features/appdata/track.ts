import { resolveAccess } from '@tagscout/core/access';
import type { CountedClick, EventType, UserDetail } from '@tagscout/core/api';
import { LIMITS } from '@tagscout/core/limits';
import { safeLocalStorage } from '../../shell/safe-storage';
import { useSession } from '../../shell/session-store';
import { hasDeclinedAnalytics } from '../../shell/shell-overlays';
import { getDeviceId } from '../account/device-id';
import { sendEvents } from './appdata-api';
import { createTracker, type EventDetails } from './tracker';

/** Local storage: the influencer code a visitor arrived with. */
const INFLUENCER_KEY = 'influencer';

function userDetail(): UserDetail {
  const { user, account } = useSession.getState();
  return {
    userID: user?.id ?? null,
    platform: account.platform,
    device: getDeviceId(),
    appVersion: LIMITS.clientVersion,
    group: resolveAccess(account).group,
    trialStatus: account.trialStatus,
    influencer: safeLocalStorage.getItem(INFLUENCER_KEY),
  };
}

const tracker = createTracker({
  send: sendEvents,
  userDetail,
  // Storage refused (private mode): counts start again next time.
  storage: safeLocalStorage,
  newId: newEventId,
  now: Date.now,
  isAllowed: () => !hasDeclinedAnalytics(),
});

export function trackEvent(eventType: EventType, details?: EventDetails): void {
  tracker.track(eventType, details);
}

/** A copy, drill or save click (events at the 1st, 5th and 10th: docs/product-rules.md#analytics). */
export function recordClick(kind: CountedClick): void {
  tracker.recordClick(kind);
}

export const onCountedClick = tracker.onClick;

/** Forgets the events not sent yet (a sign-out: they are not the next person's). */
export function discardPendingEvents(): void {
  tracker.discardPending();
}

if (typeof window !== 'undefined') {
  // Send what is waiting as the page goes away, where the browser still lets the request out; what
  // it does not stays on the device for the next page (tracker.ts, PENDING_EVENTS_KEY).
  window.addEventListener('pagehide', () => void tracker.flush());
}

/** A v4 UUID; crypto.randomUUID exists only in secure contexts. */
function newEventId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
