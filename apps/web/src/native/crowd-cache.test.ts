import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { contractAnswer } from '../api/contract-test-helpers';
import { crowdCache } from './crowd-cache';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

describe("the device's posts to our server", () => {
  let sent: Sent[];
  let signedIn: boolean;

  beforeEach(() => {
    sent = [];
    signedIn = true;
    // Our API as the server's document describes it: every request and answer is checked against it.
    vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = String(input);
      const headers = { ...(init.headers as Record<string, string>) };
      sent.push({ method: init.method ?? 'GET', url, headers, body: JSON.parse(String(init.body)) });
      const call = { url, ...init };
      if (!signedIn) {
        const message = 'Sign in to share search results with Tagscout.';
        return contractAnswer(call, { error: { code: 'unauthorized', message } }, { status: 401 });
      }
      if (url === '/api/sources/reports')
        return contractAnswer(call, { status: 'recorded' }, { status: 202 });
      return contractAnswer(call, { status: 'accepted', stored: 1, skipped: 0 }, { status: 202 });
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('posts JSON to the crowd-cache and report routes, saying who is calling', async () => {
    await crowdCache.postAutocomplete({ query: 'surf', hashtags: [{ hashtag: 'surf', count: 4_000_000 }] });
    await crowdCache.postRecommend({ hashtag: { hashtag: 'surf', count: 0 }, posts: [] });
    await crowdCache.reportFailure({ source: 'instagram-web', call: 'search:hashtag', failure: 'block' });

    expect(sent.map(({ method, url, body }) => [method, url, body])).toEqual([
      [
        'POST',
        '/api/cache/autocomplete',
        { query: 'surf', hashtags: [{ hashtag: 'surf', count: 4_000_000 }] },
      ],
      ['POST', '/api/cache/recommend', { hashtag: { hashtag: 'surf', count: 0 }, posts: [] }],
      ['POST', '/api/sources/reports', { source: 'instagram-web', call: 'search:hashtag', failure: 'block' }],
    ]);
    for (const { headers } of sent) {
      expect(headers).toMatchObject({ 'content-type': 'application/json', 'x-platform': 'web' });
      expect(headers['x-device-id']).toBeTruthy();
    }
  });

  it("rejects with the server's error when a post is refused", async () => {
    signedIn = false;
    const refused = crowdCache.postRecommend({ hashtag: { hashtag: 'surf', count: 0 }, posts: [] });
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });
});
