import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';

const SCRIPT = '/assets/index-Ab12Cd34.js';
const SCRIPT_TEXT = 'export const tags = ["travel", "food", "sunset"];\n'.repeat(200);
const INDEX_HTML = `<!doctype html><html><head><script type="module" src="${SCRIPT}"></script></head></html>`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const API_LIMIT = 100;

/** A built web app as `vite build` leaves it: hashed files under assets/, .br and .gz beside them. */
function writeFakeWebDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'tagscout-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(root, SCRIPT), SCRIPT_TEXT);
  writeFileSync(join(root, `${SCRIPT}.br`), brotliCompressSync(SCRIPT_TEXT));
  writeFileSync(join(root, `${SCRIPT}.gz`), gzipSync(SCRIPT_TEXT));
  return root;
}

describe('the built web app', () => {
  let testApp: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeFakeWebDist();
    testApp = await buildTestApp('sqlite', { WEB_DIST: webDist, RATE_LIMIT_PER_MINUTE: API_LIMIT });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends a hashed script brotli-compressed when the browser accepts it, cached for a year', async () => {
    const response = await testApp.app.inject({
      url: SCRIPT,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT_TEXT.length / 10);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT_TEXT);
  });

  it('sends gzip to a browser without brotli, and the file as it is to one that accepts neither', async () => {
    const gzipped = await testApp.app.inject({ url: SCRIPT, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT_TEXT);
    const plain = await testApp.app.inject({ url: SCRIPT, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT_TEXT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('has the browser revalidate index.html and unhashed files on every use', async () => {
    for (const url of ['/', '/index.html', '/tags/12', '/logo.svg']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const etag = String(response.headers.etag);
      const again = await testApp.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('answers a missing script 404, not with the page', async () => {
    const response = await testApp.app.inject({ url: '/assets/index-gone0000.js' });
    expect(response.statusCode).toBe(404);
  });

  it('never counts the app files toward the API rate limit, which still applies to the API', async () => {
    const urls = [SCRIPT, '/', '/index.html', '/logo.svg', '/tags'];
    const statuses = new Set<number>();
    for (let batch = 0; batch < 20; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => testApp.app.inject({ url: urls[i % urls.length] })),
      );
      for (const response of responses) statuses.add(response.statusCode);
    }
    expect([...statuses]).toEqual([200]);

    // The API's whole allowance is still there after those 2,000 requests, and no more.
    for (let i = 0; i < API_LIMIT; i++) {
      const response = await testApp.app.inject({ url: '/api/health' });
      expect(response.statusCode).toBe(200);
    }
    const over = await testApp.app.inject({ url: '/api/health' });
    expect(over.statusCode).toBe(429);
  });
});
