import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

interface LogLine {
  level: number;
  msg: string;
}

const WARN = 40;

/** A request whose client hung up before it was read: its socket no longer has an address. */
function tornRequest(url: string): {
  request: IncomingMessage;
  response: ServerResponse;
  finished: Promise<void>;
} {
  const socket = new Socket();
  const request = new IncomingMessage(socket);
  request.method = 'GET';
  request.url = url;
  request.headers = { host: 'localhost' };
  request.push(null);
  const response = new ServerResponse(request);
  // Nothing can be written to a socket that is gone; the answer is read from the response itself.
  const finished = new Promise<void>((resolve) => {
    response.end = ((..._args: unknown[]) => {
      resolve();
      return response;
    }) as typeof response.end;
  });
  return { request, response, finished };
}

describe('a torn connection', () => {
  let testApp: TestApp;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    testApp = await buildTestApp(
      'sqlite',
      { LOG_LEVEL: 'warn' },
      { logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) } },
    );
  });
  afterAll(async () => testApp?.close());

  it('ends quietly with a 400, never a logged 500 from the rate limiter', async () => {
    const { request, response, finished } = tornRequest('/api/autocomplete/hashtag/tra');
    expect(request.socket.remoteAddress).toBeUndefined();
    testApp.app.routing(request, response);
    await finished;
    expect(response.statusCode).toBe(400);
    expect(lines.filter((line) => line.level > WARN)).toEqual([]);
  });
});
