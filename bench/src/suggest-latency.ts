import type { Database } from '@tagscout/server/db';
import {
  createHashtagContext,
  findHashtagInfo,
  type HashtagContext,
  suggestForList,
} from '@tagscout/server/hashtags';
import type { ScreenSamples } from './screen-mix.js';
import { createRandom, type LatencySummary, pick, summarize, type Timing, timeEach } from './stats.js';

/** As the app builds its context (config defaults), on the bench store's network. */
export const APP_SETTINGS = {
  RELATED_POST_WINDOW: 500,
  RELATED_CACHE_SECONDS: 60,
  RELATED_CACHE_ENTRIES: 20_000,
  RELATED_CACHE_RECHECK_MS: 1000,
  AUTOCOMPLETE_CACHE_SECONDS: 30,
  AUTOCOMPLETE_CACHE_ENTRIES: 20_000,
  TAG_CACHE_ENTRIES: 200_000,
  DEFAULT_NETWORK: ['sample' as const],
  now: Date.now,
};

/** Sizes of list timed apart: the request's cost grows with its windows. */
const SIZE_GROUPS: [number, number][] = [
  [1, 5],
  [6, 15],
  [16, 30],
];

/**
 * Lists a user builds on the search screen (issue 33): a tag one letter shows, then the tags of its
 * related list in order, as "Add" puts them in; 1 to 30 tags (uniform length), seeded.
 */
export async function drawSuggestLists(
  database: Database,
  samples: ScreenSamples,
  count = 300,
): Promise<string[][]> {
  const context = createHashtagContext(database, { ...APP_SETTINGS, RELATED_CACHE_SECONDS: 0 });
  const random = createRandom(16);
  const lists: string[][] = [];
  try {
    while (lists.length < count) {
      const seed = pick(samples.opened, random);
      const size = 1 + Math.floor(random() * 30);
      const info = await findHashtagInfo(context, { names: seed, recommended: true });
      const first = info.data[0];
      const related = (first && 'related_tags' in first && first.related_tags) || [];
      lists.push([seed, ...related.map((tag) => tag.hashtag)].slice(0, size));
    }
  } finally {
    await context.postTracker.stop();
  }
  return lists;
}

/** Lists warmed and timed together: their windows fit the app's window cache (320 MB, decision 039). */
const WARM_GROUP = 20;

/**
 * suggestForList in-process, one call at a time, as the route calls it for a visitor who sees every
 * suggestion: each list with nothing cached but the related list of its first tag (opened before it
 * was added, as a user does), then, a group of lists at a time, again with their tags' windows warm
 * (ranked again: a copy of the context shares its windows but not the answers it kept), then asked
 * again (the answer kept).
 */
export async function measureSuggestInProcess(
  database: Database,
  lists: string[][],
): Promise<LatencySummary[]> {
  const context = createHashtagContext(database, APP_SETTINGS);
  const suggestIn = (target: HashtagContext) => (tags: string[]) =>
    suggestForList(target, { tags, limit: 20, visible: null });
  try {
    const first: Timing[] = [];
    const again: Timing[] = [];
    const warm = new Map<string, Timing[]>();
    for (let start = 0; start < lists.length; start += WARM_GROUP) {
      const group = lists.slice(start, start + WARM_GROUP);
      for (const list of group) await findHashtagInfo(context, { names: list[0]!, recommended: true });
      first.push(await timeEach(group, suggestIn(context), 0));
      const ranking = { ...context };
      for (const [least, most] of SIZE_GROUPS) {
        const name = `suggestions, ${least}-${most} tags, windows warm`;
        const sized = group.filter((list) => list.length >= least && list.length <= most);
        warm.set(name, [...(warm.get(name) ?? []), await timeEach(sized, suggestIn(ranking), 0)]);
      }
      again.push(await timeEach(group, suggestIn(ranking), 0));
    }
    const merge = (timings: Timing[]): Timing => ({
      samples: timings.flatMap((timing) => timing.samples),
      cpuMs: timings.reduce((sum, timing) => sum + timing.cpuMs, 0),
    });
    return [
      summarize('suggestions, 1-30 tags, first time', merge(first)),
      ...[...warm].map(([name, timings]) => summarize(name, merge(timings))),
      summarize('suggestions, 1-30 tags, windows warm', merge([...warm.values()].flat())),
      summarize('suggestions, 1-30 tags, asked again', merge(again)),
    ];
  } finally {
    await context.postTracker.stop();
  }
}

/** The lists as the app asks for them: GET /api/suggest/hashtags?tags=… */
export function suggestPaths(lists: string[][]): string[] {
  return lists.map((list) => `/api/suggest/hashtags?tags=${encodeURIComponent(list.join(','))}`);
}
