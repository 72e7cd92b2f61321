import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeServer, json, startFakeServer } from './fake-http.js';

describe('fake server: held answers', () => {
  let server: FakeServer;

  beforeAll(async () => {
    server = await startFakeServer((request) => json(200, { path: request.path }));
  });
  afterAll(async () => server.close());

  it('answers a held path only once released, recording the request when it arrives', async () => {
    const release = server.hold('/api/v1/tags/slow');
    let isReleased = false;
    const answered = fetch(`${server.url}/api/v1/tags/slow`).then(async (response) => {
      expect(isReleased).toBe(true);
      return response.json();
    });
    await vi.waitFor(() =>
      expect(server.requests.map((request) => request.path)).toContain('/api/v1/tags/slow'),
    );

    // Other paths are answered meanwhile.
    expect(await (await fetch(`${server.url}/api/v1/tags/quick`)).json()).toEqual({
      path: '/api/v1/tags/quick',
    });

    isReleased = true;
    release();
    expect(await answered).toEqual({ path: '/api/v1/tags/slow' });
    expect(await (await fetch(`${server.url}/api/v1/tags/slow`)).json()).toEqual({
      path: '/api/v1/tags/slow',
    });
  });
});
