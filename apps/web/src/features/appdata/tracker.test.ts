import type { RegisterEventBody, UserDetail } from '@tagscout/core/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTracker, PENDING_EVENTS_KEY, TRACK_APPROVAL_KEY } from './tracker';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

function setup(
  platform: UserDetail['platform'] = 'web',
  consent = { allowed: true },
  storage = memoryStorage(),
  firstId = 0,
) {
  const sent: RegisterEventBody[] = [];
  let id = firstId;
  const send = vi.fn(async (body: RegisterEventBody) => {
    sent.push(body);
  });
  const tracker = createTracker({
    send,
    storage,
    newId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    now: () => 1000,
    isAllowed: () => consent.allowed,
    userDetail: () => ({
      userID: null,
      platform,
      device: 'd1',
      appVersion: '2.1.33',
      group: 'trial',
      trialStatus: 'active',
    }),
  });
  const events = () => sent.flatMap((body) => body.events ?? []);
  return { tracker, storage, send, events };
}

describe('tracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(['copyClick', 'drillClick', 'saveClick'] as const)(
    'sends %s at the 1st, 5th and 10th click only, counting in local storage',
    async (kind) => {
      const { tracker, storage, events } = setup();
      for (let i = 0; i < 12; i += 1) tracker.recordClick(kind);
      await vi.advanceTimersByTimeAsync(2000);
      expect(events().map((event) => event.props?.count)).toEqual([1, 5, 10]);
      expect(events().every((event) => event.eventType === kind)).toBe(true);
      const key = { copyClick: 'copyClickCount', drillClick: 'drillClickCount', saveClick: 'saveClickCount' }[
        kind
      ];
      expect(storage.getItem(key)).toBe('12');
    },
  );

  it('goes on counting from what the device kept', async () => {
    const { tracker, storage, events } = setup();
    storage.setItem('copyClickCount', '4');
    tracker.recordClick('copyClick');
    tracker.recordClick('copyClick');
    await vi.advanceTimersByTimeAsync(2000);
    expect(events().map((event) => event.props?.count)).toEqual([5]);
  });

  it('sends events in one batch after a short wait', async () => {
    const { tracker, send } = setup();
    tracker.track('search');
    tracker.track('appOpened');
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].events).toHaveLength(2);
  });

  it('keeps a failed batch and sends it again with the same event ids', async () => {
    const { tracker, send } = setup();
    send.mockRejectedValueOnce(new Error('offline'));
    tracker.track('search');
    await vi.advanceTimersByTimeAsync(2000);
    expect(tracker.pending()).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0].events![0]!.eventId).toBe(send.mock.calls[0]![0].events![0]!.eventId);
    expect(tracker.pending()).toBe(0);
  });

  it('keeps what is not sent on the device: the next page (a reload, a link away) sends it once', async () => {
    const before = setup();
    before.tracker.track('search');
    before.tracker.recordClick('saveClick');
    // The page goes before the batch went: its timer with it.
    vi.clearAllTimers();
    const after = setup('web', { allowed: true }, before.storage, 100);
    await vi.advanceTimersByTimeAsync(2000);
    expect(after.events().map((event) => [event.eventType, event.eventId])).toEqual([
      ['search', '00000000-0000-4000-8000-000000000001'],
      ['saveClick', '00000000-0000-4000-8000-000000000002'],
    ]);
    const later = setup('web', { allowed: true }, before.storage, 200);
    await vi.advanceTimersByTimeAsync(2000);
    expect(later.send).not.toHaveBeenCalled();
  });

  it("keeps another tab's events on the device beside its own, and takes off only what the server took", async () => {
    const tabA = setup();
    tabA.tracker.track('search');
    const tabB = setup('web', { allowed: true }, tabA.storage, 100);
    tabB.tracker.track('appOpened');
    tabA.tracker.track('copyClick');
    const kept = () =>
      (JSON.parse(tabA.storage.getItem(PENDING_EVENTS_KEY)!) as { eventType: string }[]).map(
        (event) => event.eventType,
      );
    expect(kept()).toEqual(['appOpened', 'search', 'copyClick']);
    tabB.send.mockImplementation(() => new Promise(() => {}));
    await tabA.tracker.flush();
    expect(kept()).toEqual(['appOpened']);
  });

  it("forgets what waits when told to (a sign-out: the events are not the next person's)", async () => {
    const { tracker, send, storage } = setup();
    tracker.track('search');
    tracker.discardPending();
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).not.toHaveBeenCalled();
    expect(JSON.parse(storage.getItem(PENDING_EVENTS_KEY)!)).toEqual([]);
  });

  it('keeps a batch on the device while it is being sent, until the server took it', async () => {
    const before = setup();
    before.send.mockImplementationOnce(() => new Promise(() => {}));
    before.tracker.track('search');
    await vi.advanceTimersByTimeAsync(2000);
    expect(before.send).toHaveBeenCalledTimes(1);
    // The page goes while the request is on its way: it may not have arrived.
    const after = setup('web', { allowed: true }, before.storage, 100);
    await vi.advanceTimersByTimeAsync(2000);
    expect(after.events().map((event) => event.eventId)).toEqual(['00000000-0000-4000-8000-000000000001']);
  });

  it.each([
    [0, 'kept'],
    [429, 'kept'],
    [503, 'kept'],
    [400, 'dropped'],
    [413, 'dropped'],
  ])('keeps a batch the server did not take for status %i, or drops it: %s', async (status, outcome) => {
    const { tracker, send, storage } = setup();
    send.mockRejectedValueOnce(Object.assign(new Error('refused'), { status }));
    tracker.track('search');
    await vi.advanceTimersByTimeAsync(2000);
    const kept = outcome === 'kept' ? 1 : 0;
    expect(tracker.pending()).toBe(kept);
    expect(JSON.parse(storage.getItem(PENDING_EVENTS_KEY)!)).toHaveLength(kept);
  });

  it('drops what the device kept when it is not events (an older app, tampering)', async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_EVENTS_KEY, '[{"eventType":"search"},{"eventId":"x","eventType":3}]');
    const { send } = setup('web', { allowed: true }, storage);
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).not.toHaveBeenCalled();
    storage.setItem(PENDING_EVENTS_KEY, '{not json');
    const again = setup('web', { allowed: true }, storage);
    again.tracker.track('search');
    await vi.advanceTimersByTimeAsync(2000);
    expect(again.events().map((event) => event.eventType)).toEqual(['search']);
  });

  it('sends nothing once the visitor declines, not even events queued before', async () => {
    const consent = { allowed: true };
    const { tracker, send, storage } = setup('web', consent);
    tracker.track('search');
    consent.allowed = false;
    tracker.track('search');
    tracker.recordClick('copyClick');
    await vi.advanceTimersByTimeAsync(2000);
    await tracker.flush();
    expect(send).not.toHaveBeenCalled();
    // Nor does the next page send what was kept.
    const after = setup('web', consent, storage);
    consent.allowed = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(after.send).not.toHaveBeenCalled();
  });

  it('tracks on iOS only with approval (value 3)', async () => {
    const { tracker, storage, send } = setup('ios');
    tracker.track('search');
    storage.setItem(TRACK_APPROVAL_KEY, '2');
    tracker.track('search');
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).not.toHaveBeenCalled();
    storage.setItem(TRACK_APPROVAL_KEY, '3');
    tracker.track('search');
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('tells listeners about every counted click', () => {
    const { tracker } = setup();
    const heard: string[] = [];
    const stop = tracker.onClick((kind, count) => heard.push(`${kind}:${count}`));
    tracker.recordClick('saveClick');
    tracker.recordClick('copyClick');
    stop();
    tracker.recordClick('copyClick');
    expect(heard).toEqual(['saveClick:1', 'copyClick:1']);
  });
});
