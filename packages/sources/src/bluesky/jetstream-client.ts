import WebSocket from 'ws';
import type { Clock } from '../source/clock.js';
import { type FirehoseEvent, POST_COLLECTION, parseJetstreamFrame } from './jetstream-frame.js';
import { RateMeter } from './rate-meter.js';

/** Jetstream's public instances (BLUESKY_JETSTREAM_URL's default). */
export const PUBLIC_JETSTREAM_URLS = [
  'wss://jetstream1.us-east.bsky.network/subscribe',
  'wss://jetstream2.us-east.bsky.network/subscribe',
  'wss://jetstream1.us-west.bsky.network/subscribe',
  'wss://jetstream2.us-west.bsky.network/subscribe',
] as const;

/** Events handed over together, in arrival order. */
export interface JetstreamBatch {
  events: FirehoseEvent[];
  /** Frames received for this batch, malformed ones included. */
  frames: number;
  malformed: number;
  /** The highest time_us among the events: the cursor once the batch is stored. */
  lastTimeUs: number | undefined;
  /** The instance the batch came from. */
  instance: string;
}

export interface JetstreamStatus {
  state: 'connecting' | 'connected' | 'waiting' | 'stopped';
  /** The instance connected to, or last tried. */
  instance: string | null;
  /** Seconds between now and the newest event's time_us; null before any event. */
  lagSeconds: number | null;
  /** Frames per second over the last 10 s. */
  eventsPerSecond: number;
  events: number;
  malformed: number;
  /** The newest time_us stored (resume point, before the rewind). */
  cursor: number | null;
  lastError: { message: string; at: number } | null;
}

export interface JetstreamLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface ReconnectPolicy {
  firstDelayMs: number;
  factor: number;
  maxDelayMs: number;
}

export const DEFAULT_RECONNECT: ReconnectPolicy = { firstDelayMs: 1000, factor: 2, maxDelayMs: 60_000 };

export interface JetstreamClientOptions {
  /** Instances, tried in turn: one that fails hands over to the next. */
  urls: readonly string[];
  clock: Clock;
  /** The stored cursor (time_us) to resume from; undefined starts at the live tip. */
  readCursor(): Promise<number | undefined>;
  /** Stores a batch; the cursor moves past it only once this resolves. A rejection reconnects. */
  onBatch(batch: JetstreamBatch): Promise<void>;
  log: JetstreamLog;
  /**
   * How far before the cursor a reconnection starts: time_us is each instance's own clock and is
   * not strictly ordered, so a few seconds are replayed and the store drops what it already has.
   */
  rewindMs?: number;
  batchMaxEvents?: number;
  batchMaxWaitMs?: number;
  reconnect?: ReconnectPolicy;
  /** A connection silent for this long is dropped (the firehose is never quiet for long). */
  idleTimeoutMs?: number;
  connectTimeoutMs?: number;
  userAgent?: string;
  /** 0 to 1, for the back-off's jitter (tests fix it). */
  random?: () => number;
}

interface SessionOutcome {
  gotEvents: boolean;
  error: string | undefined;
}

/**
 * A Jetstream subscriber for Bluesky posts (wantedCollections=app.bsky.feed.post, JSON frames, no
 * compression: the posts alone are a few hundred kB/s, and Jetstream's zstd needs its own
 * dictionary and a zstd binding Node 20 lacks). Events are parsed and handed over in batches; while
 * one is stored the next is read, and the socket pauses beyond that, so a slow store slows the read
 * instead of queueing.
 * A dropped connection resumes from the stored cursor minus `rewindMs`; failures rotate through
 * the instances with exponential back-off, logging once until a connection works again.
 */
export class JetstreamClient {
  private readonly options: Required<Omit<JetstreamClientOptions, 'userAgent'>> & { userAgent?: string };
  private readonly meter: RateMeter;
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  private socket: WebSocket | undefined;
  private current: JetstreamStatus;
  private lastEventTimeUs: number | undefined;
  /** Where to start again when a batch failed before any cursor was stored. */
  private firstFailedTimeUs: number | undefined;

  constructor(options: JetstreamClientOptions) {
    if (options.urls.length === 0) throw new Error('JetstreamClient needs at least one instance URL');
    this.options = {
      rewindMs: 5000,
      batchMaxEvents: 2000,
      batchMaxWaitMs: 250,
      reconnect: DEFAULT_RECONNECT,
      idleTimeoutMs: 60_000,
      connectTimeoutMs: 10_000,
      random: Math.random,
      ...options,
    };
    this.meter = new RateMeter(() => options.clock.now());
    this.current = {
      state: 'stopped',
      instance: null,
      lagSeconds: null,
      eventsPerSecond: 0,
      events: 0,
      malformed: 0,
      cursor: null,
      lastError: null,
    };
  }

  start(): void {
    if (this.running) return;
    this.controller = new AbortController();
    this.running = this.run(this.controller.signal);
  }

  /** Closes the connection after the batch being stored, if any. */
  async stop(): Promise<void> {
    this.controller?.abort(new Error('stopped'));
    this.socket?.terminate();
    await this.running;
    this.running = undefined;
    this.current.state = 'stopped';
  }

  status(): JetstreamStatus {
    const nowMs = this.options.clock.now();
    return {
      ...this.current,
      eventsPerSecond: this.meter.perSecond(),
      lagSeconds:
        this.lastEventTimeUs === undefined
          ? null
          : Math.max(0, Math.round((nowMs - this.lastEventTimeUs / 1000) / 100) / 10),
    };
  }

  private async run(signal: AbortSignal): Promise<void> {
    const { urls, reconnect, clock, log } = this.options;
    let cursor = await this.options.readCursor().catch(() => undefined);
    if (cursor !== undefined) this.current.cursor = cursor;
    let index = 0;
    let failures = 0;
    let quiet = false;
    while (!signal.aborted) {
      const url = urls[index % urls.length]!;
      this.current.state = 'connecting';
      this.current.instance = hostOf(url);
      const outcome = await this.session(url, cursor, signal, () => {
        if (quiet || failures > 0) log.info(`Bluesky: connected to ${hostOf(url)}`);
        quiet = false;
      });
      cursor = this.current.cursor ?? this.firstFailedTimeUs ?? cursor;
      if (signal.aborted) break;
      if (outcome.error) this.current.lastError = { message: outcome.error, at: clock.now() };
      if (outcome.gotEvents) failures = 0;
      else {
        failures++;
        if (!quiet) {
          log.warn(
            `Bluesky: no connection to Jetstream (${hostOf(url)}: ${outcome.error ?? 'closed'}); ` +
              'retrying in the background with back-off, rotating instances',
          );
          quiet = true;
        }
      }
      // A connection that delivered and then dropped is tried again soon; a failing one hands over.
      if (!outcome.gotEvents) index++;
      this.current.state = 'waiting';
      const delay = failures === 0 ? reconnect.firstDelayMs / 4 : this.backoff(failures);
      await clock.sleep(delay, signal).catch(() => {});
    }
  }

  private backoff(failures: number): number {
    const { firstDelayMs, factor, maxDelayMs } = this.options.reconnect;
    const base = Math.min(maxDelayMs, firstDelayMs * factor ** (failures - 1));
    return Math.round(base * (0.8 + 0.4 * this.options.random()));
  }

  /** One connection, until it closes; resolves once its last batch is stored (or failed). */
  private session(
    url: string,
    cursor: number | undefined,
    signal: AbortSignal,
    onOpen: () => void,
  ): Promise<SessionOutcome> {
    const options = this.options;
    const target = new URL(url);
    target.searchParams.set('wantedCollections', POST_COLLECTION);
    if (cursor !== undefined) target.searchParams.set('cursor', String(cursor - options.rewindMs * 1000));
    const instance = hostOf(url);

    return new Promise((resolve) => {
      const socket = new WebSocket(target, {
        handshakeTimeout: options.connectTimeoutMs,
        ...(options.userAgent && { headers: { 'user-agent': options.userAgent } }),
      });
      this.socket = socket;
      let pending: FirehoseEvent[] = [];
      let frames = 0;
      let malformed = 0;
      let storing: Promise<void> = Promise.resolve();
      let inFlight = 0;
      let flushTimer: NodeJS.Timeout | undefined;
      let gotEvents = false;
      let error: string | undefined;
      let storeFailed = false;
      let lastFrameAt = Date.now();

      const idle = setInterval(
        () => {
          if (Date.now() - lastFrameAt > options.idleTimeoutMs) {
            error ??= `no events for ${Math.round(options.idleTimeoutMs / 1000)} s`;
            socket.terminate();
          }
        },
        Math.min(5000, options.idleTimeoutMs / 2),
      );

      const flush = () => {
        clearTimeout(flushTimer);
        flushTimer = undefined;
        if (frames === 0) return;
        const events = pending;
        let lastTimeUs: number | undefined;
        for (const event of events)
          if (lastTimeUs === undefined || event.timeUs > lastTimeUs) lastTimeUs = event.timeUs;
        const batch: JetstreamBatch = { events, frames, malformed, lastTimeUs, instance };
        pending = [];
        frames = 0;
        malformed = 0;
        // The next batch is read while one is stored; a third waits (the socket pauses).
        inFlight++;
        if (inFlight > 1) socket.pause();
        storing = storing.then(async () => {
          // After a failed store, later batches wait for the replay (the cursor did not move).
          if (storeFailed) return;
          try {
            await options.onBatch(batch);
            if (lastTimeUs !== undefined && lastTimeUs > (this.current.cursor ?? 0))
              this.current.cursor = lastTimeUs;
            if (socket.readyState === WebSocket.OPEN) socket.resume();
          } catch (cause) {
            storeFailed = true;
            error = `storing events failed: ${(cause as Error).message}`;
            if (this.current.cursor === null && events.length > 0) {
              this.firstFailedTimeUs = Math.min(...events.map((event) => event.timeUs));
            }
            socket.terminate();
          } finally {
            inFlight--;
            if (inFlight <= 1 && socket.readyState === WebSocket.OPEN) socket.resume();
          }
        });
      };

      socket.on('open', () => {
        this.current.state = 'connected';
        onOpen();
      });
      socket.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
        lastFrameAt = Date.now();
        frames++;
        this.current.events++;
        this.meter.add(1);
        const event = isBinary ? null : parseJetstreamFrame(rawText(data));
        if (event === null) {
          malformed++;
          this.current.malformed++;
        } else {
          gotEvents = true;
          pending.push(event);
          this.lastEventTimeUs = event.timeUs;
        }
        if (frames >= options.batchMaxEvents) flush();
        else flushTimer ??= setTimeout(flush, options.batchMaxWaitMs);
      });
      socket.on('error', (cause) => {
        error ??= cause.message;
      });
      socket.once('close', (code) => {
        clearInterval(idle);
        if (!signal.aborted) flush();
        else clearTimeout(flushTimer);
        if (!error && !signal.aborted && code !== 1000) error = `closed (${code})`;
        void storing.then(() => {
          this.socket = undefined;
          resolve({ gotEvents, error });
        });
      });
      signal.addEventListener('abort', () => socket.terminate(), { once: true });
    });
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
