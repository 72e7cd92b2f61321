import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, systemClock } from '../source/clock.js';
import { type FakeJetstream, startFakeJetstream } from '../testing/fake-jetstream.js';
import {
  accountEvent,
  identityEvent,
  likeCreate,
  makeDid,
  postCreate,
  postDelete,
} from '../testing/jetstream-events.js';
import { type JetstreamBatch, JetstreamClient, type JetstreamClientOptions } from './jetstream-client.js';
import type { FirehoseEvent } from './jetstream-frame.js';

/** The system clock, recording every back-off asked for. */
function recordingClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    now: () => Date.now(),
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return systemClock.sleep(ms, signal);
    },
    sleeps,
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('JetstreamClient against a fake Jetstream', () => {
  const fakes: FakeJetstream[] = [];
  let client: JetstreamClient | undefined;
  afterEach(async () => {
    await client?.stop();
    client = undefined;
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function fake(): Promise<FakeJetstream> {
    const started = await startFakeJetstream();
    fakes.push(started);
    return started;
  }

  /** A client that keeps what it is handed; `stored` is the cursor a store would keep. */
  function start(urls: string[], overrides: Partial<JetstreamClientOptions> = {}) {
    const batches: JetstreamBatch[] = [];
    const logs: string[] = [];
    const state = { stored: undefined as number | undefined };
    const clock = recordingClock();
    client = new JetstreamClient({
      urls,
      clock,
      readCursor: async () => state.stored,
      onBatch: async (batch) => {
        batches.push(batch);
        if (batch.lastTimeUs !== undefined) state.stored = Math.max(state.stored ?? 0, batch.lastTimeUs);
      },
      log: {
        info: (message) => logs.push(`info: ${message}`),
        warn: (message) => logs.push(`warn: ${message}`),
      },
      rewindMs: 2,
      batchMaxWaitMs: 5,
      reconnect: { firstDelayMs: 20, factor: 2, maxDelayMs: 200 },
      userAgent: 'Tagscout/test',
      random: () => 0.5,
      ...overrides,
    });
    client.start();
    const events = () => batches.flatMap((batch) => batch.events);
    return { batches, logs, state, events, client, clock };
  }

  it('subscribes to posts only, hands events over in order, and reports its status', async () => {
    const jetstream = await fake();
    const did = makeDid('alice');
    const run = start([jetstream.url]);
    await jetstream.waitForConnections(1);
    expect(jetstream.connections[0]).toEqual({
      cursor: undefined,
      wantedCollections: ['app.bsky.feed.post'],
      userAgent: 'Tagscout/test',
    });
    const times = jetstream.publish([
      postCreate({ did, rkey: '3kaaaaaaaaaa2', tags: ['Art', 'sky'] }),
      likeCreate({ did }),
      identityEvent({ did }),
      accountEvent({ did, active: false, status: 'takendown' }),
      postDelete({ did, rkey: '3kaaaaaaaaaa2' }),
    ]);
    await until(() => run.events().length === 4, 'four events');
    expect(run.events().map((event: FirehoseEvent) => event.type)).toEqual([
      'post',
      'identity',
      'account',
      'delete',
    ]);
    expect(run.state.stored).toBe(times[4]);
    const status = run.client.status();
    expect(status).toMatchObject({
      state: 'connected',
      instance: new URL(jetstream.url).host,
      malformed: 0,
      events: 4,
    });
    expect(status.lagSeconds).toBeLessThan(5);
    expect(run.logs).toEqual([]);
  });

  it('resumes from the stored cursor minus the rewind after a cut connection, replaying the overlap', async () => {
    const jetstream = await fake();
    const did = makeDid('bob');
    jetstream.cutConnectionsAfter(3);
    const run = start([jetstream.url]);
    await jetstream.waitForConnections(1);
    // 10 ms apart: the 2 ms rewind replays only the last event stored.
    const base = Date.now() * 1000;
    const times = jetstream.publish(
      Array.from({ length: 7 }, (_, i) =>
        postCreate({ did, rkey: `3kaaaaaaaaa${i}2`, tags: ['t'], timeUs: base + i * 10_000 }),
      ),
    );
    await until(() => run.state.stored === times[6], 'every event stored');
    expect(jetstream.connections.length).toBeGreaterThanOrEqual(3);
    const [, second] = jetstream.connections;
    // The second connection starts 2 ms (the rewind) before the last time stored by the first.
    expect(second!.cursor).toBe(times[2]! - 2000);
    const uris = new Set(run.events().map((event) => (event.type === 'post' ? event.post.uri : '')));
    expect(uris.size).toBe(7);
  });

  it('rotates to the next instance when one refuses, backing off, with one log line until it connects', async () => {
    const down = await fake();
    const up = await fake();
    down.refuse(503);
    up.refuse(503);
    const run = start([down.url, up.url]);
    await until(() => run.clock.sleeps.length >= 4, 'four back-offs');
    expect(run.clock.sleeps.slice(0, 4)).toEqual([20, 40, 80, 160]);
    expect(down.connections).toHaveLength(0);
    expect(run.client.status().lastError?.message).toMatch(/503/);
    up.refuse(undefined);
    await up.waitForConnections(1);
    up.publish(postCreate({ did: makeDid('c'), tags: ['x'] }));
    await until(() => run.events().length === 1, 'an event from the second instance');
    expect(run.logs).toHaveLength(2);
    expect(run.logs[0]).toMatch(/^warn: Bluesky: no connection to Jetstream .*503/);
    expect(run.logs[1]).toBe(`info: Bluesky: connected to ${new URL(up.url).host}`);
  });

  it('skips and counts malformed frames, and keeps the connection', async () => {
    const jetstream = await fake();
    const run = start([jetstream.url]);
    await jetstream.waitForConnections(1);
    jetstream.sendRaw('not json');
    jetstream.sendRaw('{"did":"did:plc:x","time_us":');
    jetstream.sendRaw(Buffer.from([0x28, 0xb5, 0x2f, 0xfd]));
    jetstream.publish(postCreate({ did: makeDid('d'), tags: ['ok'] }));
    await until(() => run.events().length === 1, 'the good event');
    expect(run.client.status().malformed).toBe(3);
    expect(run.batches.reduce((sum, batch) => sum + batch.malformed, 0)).toBe(3);
    expect(jetstream.connections).toHaveLength(1);
  });

  it('drops a silent connection after the idle timeout and reconnects', async () => {
    const jetstream = await fake();
    const run = start([jetstream.url], { idleTimeoutMs: 150 });
    await jetstream.waitForConnections(1);
    jetstream.publish(postCreate({ did: makeDid('e'), tags: ['a'] }));
    await until(() => run.events().length === 1, 'the first event');
    jetstream.stall(true);
    jetstream.publish(postCreate({ did: makeDid('e'), tags: ['b'] }));
    await jetstream.waitForConnections(2);
    expect(run.client.status().lastError?.message).toBe('no events for 0 s');
    jetstream.stall(false);
    await until(() => run.events().length >= 2, 'the event after the stall');
  });

  it('reconnects from the last stored cursor when storing a batch fails, so nothing is lost', async () => {
    const jetstream = await fake();
    let failOnce = true;
    const received: string[] = [];
    const run = start([jetstream.url], {
      onBatch: async (batch) => {
        if (failOnce && batch.events.length > 0) {
          failOnce = false;
          throw new Error('database is locked');
        }
        for (const event of batch.events) if (event.type === 'post') received.push(event.post.uri);
      },
    });
    await jetstream.waitForConnections(1);
    const [time] = jetstream.publish(postCreate({ did: makeDid('f'), rkey: '3kaaaaaaaaab2', tags: ['a'] }));
    await until(() => received.length === 1, 'the event, stored on the second try');
    expect(jetstream.connections).toHaveLength(2);
    // Nothing was stored yet: it starts again just before the batch that failed.
    expect(jetstream.connections[1]!.cursor).toBe(time! - 2000);
    expect(run.client.status().lastError?.message).toBe('storing events failed: database is locked');
  });
});
