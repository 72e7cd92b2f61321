import type { CacheRecommendBody } from '@tagscout/core/api';
import { generateCorpus } from '@tagscout/corpus';

export interface IngestFigures {
  posts: number;
  requests: number;
  seconds: number;
  postsPerSecond: number;
  /** Per-request latency, ms (first try to accepted, retries included). */
  p50: number;
  p99: number;
  /** 503 answers (load shedding) retried after min(Retry-After, 1 s). */
  shed: number;
  /** Other 5xx answers (server errors), each retried; the run stops after MAX_FAILURES. */
  failed: number;
}

/** Crowd-cache bodies stay under the route's 256 KB limit with room to spare. */
const MAX_BODY_BYTES = 200 * 1024;
const MAX_POSTS_PER_BODY = 1000;
const MAX_FAILURES = 20;

/**
 * Steady-state ingest over HTTP: fresh posts (another corpus seed, so new post ids, and tags both
 * known and new) sent as POST /api/cache/recommend bodies, each a tag page of up to 1,000 posts,
 * by `clients` senders at once.
 */
export async function measureHttpIngest(options: {
  port: number;
  posts: number;
  seed: number;
  clients: number;
}): Promise<IngestFigures> {
  const bodies = recommendBodies(options.posts, options.seed);
  const authorization = `Bearer ${await signUpSubmitter(options.port)}`;
  const latencies: number[] = [];
  let next = 0;
  let shed = 0;
  let failed = 0;
  const post = async (json: string) => {
    for (;;) {
      const response = await fetch(`http://127.0.0.1:${options.port}/api/cache/recommend`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: json,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      if (response.status === 202) return;
      if (response.status >= 500 && response.status !== 503 && failed < MAX_FAILURES) {
        // A server error (its log line is printed by startServer): counted, and the body sent again.
        failed++;
        continue;
      }
      if (response.status !== 503)
        throw new Error(`POST /api/cache/recommend answered ${response.status}: ${text}`);
      // Waits as asked, but at most 1 s (the route asks 50 s): the figure is the server's capacity.
      shed++;
      const retryAfter = Number(response.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, Math.min(1, retryAfter) * 1000));
    }
  };
  const send = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const started = performance.now();
      await post(body.json);
      latencies.push(performance.now() - started);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.clients }, send));
  const seconds = (performance.now() - started) / 1000;
  const posts = bodies.reduce((sum, body) => sum + body.posts, 0);
  latencies.sort((a, b) => a - b);
  return {
    posts,
    requests: bodies.length,
    seconds: Math.round(seconds * 10) / 10,
    postsPerSecond: Math.round(posts / seconds),
    p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
    p99: latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.99) - 1)] ?? 0,
    shed,
    failed,
  };
}

function recommendBodies(count: number, seed: number): { json: string; posts: number }[] {
  const corpus = generateCorpus({
    seed,
    posts: count,
    hashtags: Math.max(1000, Math.round(count / 2)),
    places: 1000,
    profiles: 5000,
  });
  const bodies: { json: string; posts: number }[] = [];
  let posts: CacheRecommendBody['posts'] = [];
  let bytes = 0;
  const flush = () => {
    if (posts.length === 0) return;
    // The page of the batch's first tag: every post on it carries that tag.
    const tag = posts[0]!.hashtags![0]!;
    const body: CacheRecommendBody = { hashtag: { hashtag: tag, count: 1000 + posts.length }, posts };
    bodies.push({ json: JSON.stringify(body), posts: posts.length });
    posts = [];
    bytes = 0;
  };
  for (const post of corpus.posts()) {
    const entry = {
      post_id: post.post_id,
      owner: post.owner,
      timestamp: post.timestamp,
      hashtags: [...post.hashtags],
      ...(post.place_id ? { place_id: post.place_id } : {}),
    };
    const size = JSON.stringify(entry).length + 1;
    if (posts.length === MAX_POSTS_PER_BODY || bytes + size > MAX_BODY_BYTES) flush();
    posts.push(entry);
    bytes += size;
  }
  flush();
  return bodies;
}

/**
 * A registered account's bearer token: signed up and verified through the API, the code read from
 * the dev outbox (the server runs with EXPOSE_OUTBOX=true).
 */
async function signUpSubmitter(port: number): Promise<string> {
  const base = `http://127.0.0.1:${port}/api`;
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-Ingest-42!';
  const send = async (path: string, body: object) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<{ token?: string }>;
  };
  await send('/account/sign-up', { email, password, passwordConfirm: password });
  const outbox = await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await outbox.json()) as { messages: { code: string | null }[] };
  const code = messages.find((message) => message.code)?.code;
  if (!code) throw new Error(`no sign-up code for ${email} in the outbox`);
  const { token } = await send('/account/verify-email', { email, code, session: 'bearer' });
  if (!token) throw new Error('verify-email gave no bearer token');
  return token;
}
