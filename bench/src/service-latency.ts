import type { Database } from '@tagscout/server/db';
import {
  autocompleteHashtags,
  createHashtagContext,
  findHashtagInfo,
  findRecentPosts,
  type HashtagContext,
} from '@tagscout/server/hashtags';
import type { FastifyInstance } from 'fastify';
import type { Samples } from './samples.js';
import { type LatencySummary, summarize, type Timing, timeEach } from './stats.js';

/** The app's default RELATED_POST_WINDOW. */
const RELATED_WINDOW = 500;

/** Each operation called in-process, one call at a time, through the service functions the routes call. */
export async function measureServiceLatency(database: Database, samples: Samples): Promise<LatencySummary[]> {
  // As the app builds it (related/related.context.ts), and once with its caches off.
  // The bench store is written as the sample network (bench-store.ts).
  const settings = {
    RELATED_POST_WINDOW: RELATED_WINDOW,
    RELATED_CACHE_ENTRIES: 20_000,
    RELATED_CACHE_RECHECK_MS: 1000,
    AUTOCOMPLETE_CACHE_SECONDS: 30,
    AUTOCOMPLETE_CACHE_ENTRIES: 20_000,
    TAG_CACHE_ENTRIES: 200_000,
    DEFAULT_NETWORK: ['sample' as const],
    now: Date.now,
  };
  const context = createHashtagContext(database, { ...settings, RELATED_CACHE_SECONDS: 60 });
  const {
    suggestions: _off,
    tags: _rows,
    ...uncached
  }: HashtagContext = createHashtagContext(database, {
    ...settings,
    RELATED_CACHE_SECONDS: 0,
  });
  const rankings = ['spec', 'subcount', 'popularity', 'dampedLift', 'idfWeighted'] as const;
  // The rankings in turn, so every one is asked.
  const related = (target: HashtagContext) => {
    let calls = 0;
    return (name: string) =>
      findHashtagInfo(target, {
        names: name,
        recommended: true,
        ranking: rankings[calls++ % rankings.length],
      });
  };
  const prefixes = samples.prefixes.slice(0, 5000);
  const results = [
    summarize(
      'autocomplete (product cache)',
      await timeEach(prefixes, (prefix) => autocompleteHashtags(context, { query: prefix })),
    ),
    summarize(
      'autocomplete (product cache, every prefix asked before)',
      await timeEach(prefixes, (prefix) => autocompleteHashtags(context, { query: prefix })),
    ),
    summarize(
      'autocomplete (no cache)',
      await timeEach(prefixes, (prefix) => autocompleteHashtags(uncached, { query: prefix })),
    ),
    summarize(
      'info, 100 names',
      await timeEach(samples.nameBatches.slice(0, 1000), (names) =>
        findHashtagInfo(context, { names, recommended: false }),
      ),
    ),
    summarize(
      'info, 100 names (every batch asked before)',
      await timeEach(samples.nameBatches.slice(0, 1000), (names) =>
        findHashtagInfo(context, { names, recommended: false }),
      ),
    ),
    summarize(
      `related, most-used tag (#${samples.mostUsedTag}), no cache`,
      await timeEach(Array(300).fill(samples.mostUsedTag), (name: string) =>
        findHashtagInfo(uncached, { names: name, recommended: true }),
      ),
    ),
    summarize(
      `related, most-used tag (#${samples.mostUsedTag}), cached, the 5 rankings in turn`,
      await timeEach(Array(3000).fill(samples.mostUsedTag), related(context)),
    ),
    summarize(
      '  of which the repository read (findRecentPosts)',
      await timeEach(Array(300).fill(samples.mostUsedTag), (name: string) =>
        // As the service asks: tags in fewer posts than the minimum subcount are not read.
        findRecentPosts(database, {
          item: { kind: 'hashtag', network: 'sample', name },
          window: RELATED_WINDOW,
          minPosts: 2,
        }),
      ),
    ),
    summarize(
      'related, top-1,000 tags, no cache',
      await timeEach(samples.popularTags.slice(0, 500), (name) =>
        findHashtagInfo(uncached, { names: name, recommended: true }),
      ),
    ),
    summarize(
      'related, top-1,000 tags, cached (all 5 rankings once first)',
      await warmThenTime(samples.popularTags.slice(0, 2000), related(context), rankings.length),
    ),
  ];
  await context.postTracker.stop();
  return results;
}

/** Distinct names warmed and then timed together: their lists stay well inside the cache's minute. */
const WARM_GROUP = 50;

/**
 * Calls each distinct input `times` times untimed (the cache's first answers), then times every
 * input, a group of names at a time, so no timed call meets a list the minute has expired (warming
 * every name first takes longer than that on PostgreSQL).
 */
async function warmThenTime(inputs: string[], call: (name: string) => Promise<unknown>, times: number) {
  const names = [...new Set(inputs)];
  const timings: Timing[] = [];
  for (let start = 0; start < names.length; start += WARM_GROUP) {
    const group = new Set(names.slice(start, start + WARM_GROUP));
    for (const name of group) for (let time = 0; time < times; time++) await call(name);
    timings.push(
      await timeEach(
        inputs.filter((name) => group.has(name)),
        call,
        0,
      ),
    );
  }
  return {
    samples: timings.flatMap((timing) => timing.samples),
    cpuMs: timings.reduce((sum, timing) => sum + timing.cpuMs, 0),
  };
}

/** The same calls through the whole Fastify app (routing, validation, serialisation), with inject(). */
export async function measureInjectLatency(
  app: FastifyInstance,
  samples: Samples,
): Promise<LatencySummary[]> {
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    if (response.statusCode !== 200)
      throw new Error(`GET ${url} answered ${response.statusCode}: ${response.body}`);
  };
  const encode = encodeURIComponent;
  return [
    summarize(
      'inject: autocomplete',
      await timeEach(samples.prefixes.slice(0, 3000), (prefix) =>
        get(`/api/autocomplete/hashtag/${encode(prefix)}`),
      ),
    ),
    summarize(
      'inject: info, 100 names',
      await timeEach(samples.nameBatches.slice(0, 500), (names) => get(`/api/info/hashtag/${encode(names)}`)),
    ),
    summarize(
      `inject: related, most-used tag`,
      await timeEach(Array(200).fill(samples.mostUsedTag), (name: string) =>
        get(`/api/info/hashtag/${encode(name)}?recommended=1`),
      ),
    ),
  ];
}
