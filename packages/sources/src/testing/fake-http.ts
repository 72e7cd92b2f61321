import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Epoch ms by the fake's clock when the request arrived. */
  at: number;
}

export interface FakeAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Never answer (until the server closes): for timeouts. */
  hang?: boolean;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer;

export interface FakeServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  requests: FakeRequest[];
  /**
   * Keeps the answers to requests under pathPrefix back (they are recorded as they arrive) until the
   * returned function is called, so a test can see a state that lasts only until the answer comes.
   */
  hold(pathPrefix: string): () => void;
  close(): Promise<void>;
}

/** A loopback HTTP server answering with `handler`; every request is recorded. */
export async function startFakeServer(
  handler: FakeHandler,
  now: () => number = Date.now,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const sockets = new Set<Socket>();
  const holds: { pathPrefix: string; released: Promise<void> }[] = [];
  const server: Server = createServer((incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://fake');
    const at = now();
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at,
      };
      requests.push(request);
      const held = holds.filter((hold) => request.path.startsWith(hold.pathPrefix));
      if (held.length === 0) return answer(request, response);
      void Promise.all(held.map((hold) => hold.released)).then(() => answer(request, response));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function answer(request: FakeRequest, response: ServerResponse) {
    let reply: FakeAnswer;
    try {
      reply = handler(request);
    } catch (error) {
      reply = { status: 500, body: `fake server error: ${String(error)}` };
    }
    // A held request may have been given up on (a client's timeout) while it waited.
    if (!reply.hang && !response.destroyed) send(response, reply);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hold: (pathPrefix) => {
      let release!: () => void;
      const hold = { pathPrefix, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.push(hold);
      return () => {
        if (holds.includes(hold)) holds.splice(holds.indexOf(hold), 1);
        release();
      };
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function send(response: ServerResponse, answer: FakeAnswer) {
  const body = answer.body ?? '';
  response.writeHead(answer.status, {
    'content-length': String(Buffer.byteLength(body)),
    ...answer.headers,
  });
  response.end(body);
}

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  body: JSON.stringify(value),
});

export const html = (status: number, body: string, headers: Record<string, string> = {}): FakeAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', ...headers },
  body,
});

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Faults a fake can be told to answer with, next time (or the next n times) a path is asked for. */
export class FaultQueue<Fault extends string> {
  private readonly queued: { fault: Fault; pathPrefix: string; left: number }[] = [];

  add(fault: Fault, options: { times?: number; pathPrefix?: string } = {}): void {
    this.queued.push({ fault, pathPrefix: options.pathPrefix ?? '/', left: options.times ?? 1 });
  }

  /** The fault for this path, if one is queued (and uses it up). */
  take(path: string): Fault | undefined {
    const entry = this.queued.find((queued) => path.startsWith(queued.pathPrefix) && queued.left > 0);
    if (!entry) return undefined;
    entry.left--;
    if (entry.left === 0) this.queued.splice(this.queued.indexOf(entry), 1);
    return entry.fault;
  }

  clear(): void {
    this.queued.length = 0;
  }
}
