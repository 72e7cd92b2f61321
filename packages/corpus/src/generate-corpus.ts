import type { IngestCorpus } from '@tagscout/core/api';
import { countHashtags } from './counts.js';
import { selectPlaces } from './places.js';
import { planPosts } from './plan.js';
import { type CorpusPost, generatePosts } from './posts.js';
import { type CorpusProfile, generateProfiles } from './profiles.js';
import { createRng } from './rng.js';
import { buildVocabulary } from './vocabulary.js';

export interface CorpusOptions {
  seed?: number;
  posts?: number;
  /** Target number of distinct tags; reached exactly when the posts can carry that many. */
  hashtags?: number;
  places?: number;
  profiles?: number;
  /** Epoch ms, default Date.now(). Pass it to get the same timestamps on every run. */
  now?: number;
  /** Default 90. */
  days?: number;
}

export interface SampleCorpus extends IngestCorpus {
  /** Every distinct tag the posts use, once, with a network-scale total post count. */
  hashtags: { hashtag: string; count: number }[];
  places: { place_id: string; title: string; count: number }[];
  profiles: CorpusProfile[];
  /** A fresh generator on each call, yielding the same posts in the same order. */
  posts(): Iterable<CorpusPost>;
}

export const DEFAULT_CORPUS = {
  seed: 1,
  posts: 200_000,
  hashtags: 50_000,
  places: 2_000,
  profiles: 10_000,
  days: 90,
} as const;

/**
 * The synthetic sample store a fresh install starts with (see docs/corpus.md): real city names,
 * real tags and emoji, fake people. Deterministic: the same options give the same corpus.
 * Steps, each in its own file: places, profiles, a plan of who posts about what and where, the
 * vocabulary sized from that plan, network counts, and finally the posts, generated lazily.
 */
export function generateCorpus(options: CorpusOptions = {}): SampleCorpus {
  const settings = { ...DEFAULT_CORPUS, now: Date.now(), ...withoutUndefined(options) };
  checkSettings(settings);
  const { seed } = settings;
  const places = selectPlaces(settings.places, createRng(seed, 1));
  const profiles = generateProfiles({ count: settings.profiles, seed, places });
  const plan = planPosts({ posts: settings.posts, seed, profiles, places });
  const vocabulary = buildVocabulary({ target: settings.hashtags, seed, now: settings.now, plan, places });
  profiles.forEach(({ profile }, i) => {
    profile.post_count = Math.max(profile.post_count, plan.postsPerProfile[i]!);
  });
  const context = { seed, now: settings.now, days: settings.days, plan, vocabulary, profiles, places };
  return {
    hashtags: countHashtags({ seed, vocabulary, plan }),
    places: places.map(({ place_id, title, count }) => ({ place_id, title, count })),
    profiles: profiles.map(({ profile }) => profile),
    posts: () => generatePosts(context),
  };
}

function withoutUndefined(options: CorpusOptions): CorpusOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

function checkSettings(settings: Required<CorpusOptions>): void {
  const positive = ['posts', 'profiles', 'places', 'days'] as const;
  for (const key of positive) {
    if (!Number.isInteger(settings[key]) || settings[key] < 1) {
      throw new RangeError(`corpus option ${key} must be a positive integer`);
    }
  }
  for (const key of ['hashtags', 'seed'] as const) {
    if (!Number.isInteger(settings[key]) || settings[key] < 0) {
      throw new RangeError(`corpus option ${key} must be a non-negative integer`);
    }
  }
  if (!Number.isFinite(settings.now)) throw new RangeError('corpus option now must be epoch milliseconds');
}
