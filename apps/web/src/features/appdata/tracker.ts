import {
  ANALYTICS_LIMITS,
  type AnalyticsEvent,
  CLICK_COUNTERS,
  type CountedClick,
  type EventType,
  isClickMilestone,
  type RegisterEventBody,
  type UserDetail,
} from '@tagscout/core/api';

/** Local storage: iOS asks for tracking approval; 3 means allowed. */
export const TRACK_APPROVAL_KEY = 'trackApproval';
export const TRACK_APPROVED = '3';
/**
 * Local storage: the events not yet taken by the server, the batch on its way included, of every
 * tab. The next page sends them, so a reload or a link away in the batch's wait loses nothing; the
 * server stores an event id once, so one sent twice (two tabs, an answer lost) counts once.
 */
export const PENDING_EVENTS_KEY = 'pendingEvents';
/** The newest events kept while the server stays out of reach. */
const MAX_PENDING = 5 * ANALYTICS_LIMITS.eventsPerBatch;

export interface TrackerDeps {
  send: (body: RegisterEventBody) => Promise<unknown>;
  userDetail: () => UserDetail;
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  newId: () => string;
  now: () => number;
  /** False while the visitor refuses analytics (declined cookies): nothing is queued or sent. */
  isAllowed?: () => boolean;
  /** How long events wait to go in one batch. */
  batchDelayMs?: number;
}

export interface EventDetails {
  message?: string;
  props?: AnalyticsEvent['props'];
}

/**
 * Analytics from the device (docs/product-rules.md#analytics): events wait briefly, on the device,
 * and go in batches of at most 100; a batch that fails is kept and sent again with the same event
 * ids (the server stores each once), one the server refuses for good is dropped. Nothing is sent
 * where the platform asks for approval (iOS) and it was not given.
 */
export function createTracker(deps: TrackerDeps) {
  const queue: AnalyticsEvent[] = readPending(deps.storage);
  /** The batch on its way: kept on the device until the server answered. */
  let sending: AnalyticsEvent[] = [];
  /** Ids the server took (or refused for good) from this page: off the device's copy. */
  const done = new Set<string>();
  const clickListeners = new Set<(kind: CountedClick, count: number) => void>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  if (queue.length > 0) schedule();

  /** Writes this page's events to the device beside those another tab kept there. */
  function keepPending(): void {
    const own = [...sending, ...queue];
    const known = new Set([...done, ...own.map((event) => event.eventId)]);
    const others = readPending(deps.storage).filter((event) => !known.has(event.eventId));
    deps.storage.setItem(PENDING_EVENTS_KEY, JSON.stringify([...others, ...own].slice(-MAX_PENDING)));
  }

  /** Forgets every event waiting, here and on the device (a sign-out: they are not the next person's). */
  function discardPending(): void {
    queue.length = 0;
    deps.storage.setItem(PENDING_EVENTS_KEY, '[]');
  }

  function canTrack(): boolean {
    if (deps.isAllowed && !deps.isAllowed()) return false;
    if (deps.userDetail().platform !== 'ios') return true;
    return deps.storage.getItem(TRACK_APPROVAL_KEY) === TRACK_APPROVED;
  }

  function track(eventType: EventType, details: EventDetails = {}): void {
    if (!canTrack()) return;
    queue.push({ eventId: deps.newId(), eventType, timestamp: Math.round(deps.now()), ...details });
    if (queue.length > MAX_PENDING) queue.shift();
    keepPending();
    schedule();
  }

  function schedule(): void {
    if (timer !== null) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, deps.batchDelayMs ?? 2000);
  }

  async function flush(): Promise<void> {
    if (sending.length > 0 || queue.length === 0) return;
    // Events queued before the visitor declined are dropped, not sent.
    if (!canTrack()) {
      discardPending();
      return;
    }
    sending = queue.splice(0, ANALYTICS_LIMITS.eventsPerBatch);
    try {
      await deps.send({ userDetail: deps.userDetail(), events: sending });
      for (const event of sending) done.add(event.eventId);
    } catch (error) {
      if (isWorthRetrying(error)) queue.unshift(...sending);
      else for (const event of sending) done.add(event.eventId);
    } finally {
      sending = [];
      keepPending();
    }
    if (queue.length > 0) schedule();
  }

  /** Counts a copy, drill or save click on the device; the 1st, 5th and 10th send an event. */
  function recordClick(kind: CountedClick): number {
    const key = CLICK_COUNTERS[kind];
    const count = (Number.parseInt(deps.storage.getItem(key) ?? '0', 10) || 0) + 1;
    deps.storage.setItem(key, String(count));
    if (isClickMilestone(count)) track(kind, { message: `${kind} ${count}`, props: { count } });
    for (const listener of clickListeners) listener(kind, count);
    return count;
  }

  function onClick(listener: (kind: CountedClick, count: number) => void): () => void {
    clickListeners.add(listener);
    return () => clickListeners.delete(listener);
  }

  return { track, recordClick, onClick, flush, discardPending, pending: () => queue.length };
}

export type Tracker = ReturnType<typeof createTracker>;

/**
 * The events an earlier page kept. Their shape only: the first screen loads no zod (the server
 * checks the rest, and a batch it refuses is dropped, not kept).
 */
function readPending(storage: Pick<Storage, 'getItem'>): AnalyticsEvent[] {
  const kept = storage.getItem(PENDING_EVENTS_KEY);
  if (!kept) return [];
  try {
    const events: unknown = JSON.parse(kept);
    return Array.isArray(events) ? events.filter(isEvent).slice(-MAX_PENDING) : [];
  } catch {
    return [];
  }
}

function isEvent(value: unknown): value is AnalyticsEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { eventId, eventType } = value as Record<string, unknown>;
  return typeof eventId === 'string' && typeof eventType === 'string';
}

/**
 * No answer, too many requests or the server's own failure: the same batch may go later. Any other
 * refusal would refuse it again, and kept it would hold back every event after it.
 */
function isWorthRetrying(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== 'number') return true;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}
