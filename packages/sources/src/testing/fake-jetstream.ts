import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';
import { frameText, type WireEvent } from './jetstream-events.js';

interface LogEntry {
  timeUs: number;
  text: string;
  /** Commits' collection; undefined for identity and account events (sent whatever is asked). */
  collection: string | undefined;
}

export interface FakeJetstreamConnection {
  /** The cursor asked for (time_us), if any. */
  cursor: number | undefined;
  wantedCollections: string[];
  userAgent: string | undefined;
}

interface Subscriber {
  socket: WebSocket;
  wanted: Set<string>;
  /** Next log index to send. */
  next: number;
  sent: number;
  pumping: boolean;
}

/**
 * A local Jetstream instance on a real WebSocket (ws://127.0.0.1:port/subscribe), speaking the
 * real JSON wire: an event log with time_us cursors (a cursor replays from the first event at or
 * after it, then the live tail), wantedCollections (identity and account events always pass), and
 * the faults a real one shows: refused connections, cut connections, silence, malformed frames.
 */
export class FakeJetstream {
  readonly connections: FakeJetstreamConnection[] = [];
  private readonly log: LogEntry[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private lastTimeUs = 0;
  private refusing: number | undefined;
  private cutAfter: number | undefined;
  private stalled = false;

  constructor(
    private readonly server: Server,
    private readonly wss: WebSocketServer,
    private readonly now: () => number,
  ) {
    wss.on('connection', (socket, request) => this.accept(socket, request));
    server.on('upgrade', (request, socket, head) => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const status = path !== '/subscribe' ? 404 : this.refusing;
      if (status !== undefined) {
        socket.end(`HTTP/1.1 ${status} Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
        return;
      }
      wss.handleUpgrade(request, socket, head, (client) => wss.emit('connection', client, request));
    });
  }

  get url(): string {
    return `ws://127.0.0.1:${(this.server.address() as AddressInfo).port}/subscribe`;
  }

  /** Open connections. */
  get connected(): number {
    return this.subscribers.size;
  }

  get events(): number {
    return this.log.length;
  }

  /** Appends events (time_us assigned when absent, increasing) and sends them to subscribers. */
  publish(events: WireEvent | readonly WireEvent[]): number[] {
    const times: number[] = [];
    for (const event of Array.isArray(events) ? events : [events]) {
      const timeUs = event.time_us ?? Math.max(this.now() * 1000, this.lastTimeUs + 1);
      this.lastTimeUs = Math.max(this.lastTimeUs, timeUs);
      times.push(timeUs);
      this.log.push({
        timeUs,
        text: frameText(event, timeUs),
        collection: event.kind === 'commit' ? event.commit.collection : undefined,
      });
    }
    for (const subscriber of this.subscribers) this.pump(subscriber);
    return times;
  }

  /** Sends a frame as it is to every open connection (not kept for replay): garbage, binary, half JSON. */
  sendRaw(frame: string | Buffer): void {
    for (const { socket } of this.subscribers) socket.send(frame, { binary: Buffer.isBuffer(frame) });
  }

  /** Refuses new connections with this HTTP status (503: the instance is down); undefined accepts again. */
  refuse(status: number | undefined): void {
    this.refusing = status;
  }

  /** Cuts each connection (no close frame) once it has sent this many events; undefined stops it. */
  cutConnectionsAfter(events: number | undefined): void {
    this.cutAfter = events;
  }

  /** Stops sending (the connection stays open) until called with false. */
  stall(stalled: boolean): void {
    this.stalled = stalled;
    if (!stalled) for (const subscriber of this.subscribers) this.pump(subscriber);
  }

  /** Cuts every open connection without a close frame. */
  dropConnections(): void {
    for (const { socket } of this.subscribers) socket.terminate();
  }

  async waitForConnections(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.connections.length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `expected ${count} connections to the fake Jetstream, saw ${this.connections.length}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async close(): Promise<void> {
    for (const { socket } of this.subscribers) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const query = new URL(request.url ?? '/', 'http://fake').searchParams;
    const cursorText = query.get('cursor');
    const cursor = cursorText ? Number(cursorText) : undefined;
    const wanted = query.getAll('wantedCollections').flatMap((value) => value.split(','));
    this.connections.push({ cursor, wantedCollections: wanted, userAgent: request.headers['user-agent'] });
    let next = this.log.length;
    if (cursor !== undefined) {
      next = this.log.findIndex((entry) => entry.timeUs >= cursor);
      if (next === -1) next = this.log.length;
    }
    const subscriber: Subscriber = { socket, wanted: new Set(wanted), next, sent: 0, pumping: false };
    this.subscribers.add(subscriber);
    socket.on('close', () => this.subscribers.delete(subscriber));
    socket.on('error', () => {});
    // Jetstream takes options updates from the client; this fake ignores them.
    socket.on('message', () => {});
    this.pump(subscriber);
  }

  /** Sends what the subscriber has not had yet, yielding whenever its send buffer fills. */
  private pump(subscriber: Subscriber): void {
    if (subscriber.pumping) return;
    subscriber.pumping = true;
    const step = () => {
      const { socket, wanted } = subscriber;
      while (!this.stalled && subscriber.next < this.log.length && socket.readyState === socket.OPEN) {
        if (socket.bufferedAmount > 1 << 20) {
          setTimeout(step, 1);
          return;
        }
        const entry = this.log[subscriber.next++]!;
        if (entry.collection !== undefined && wanted.size > 0 && !wanted.has(entry.collection)) continue;
        subscriber.sent++;
        if (this.cutAfter !== undefined && subscriber.sent >= this.cutAfter) {
          // The frames already queued reach the client before the cut.
          socket.send(entry.text, () => socket.terminate());
          subscriber.pumping = false;
          return;
        }
        socket.send(entry.text);
      }
      subscriber.pumping = false;
    };
    step();
  }
}

export async function startFakeJetstream(options: { now?: () => number } = {}): Promise<FakeJetstream> {
  const server = createServer();
  const fake = new FakeJetstream(server, new WebSocketServer({ noServer: true }), options.now ?? Date.now);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return fake;
}
