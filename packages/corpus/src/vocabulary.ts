import { en } from '@faker-js/faker';
import { emojiTags, emojiWords } from './emoji.js';
import { fringeCandidates } from './fringe.js';
import type { PlaceSeed } from './places.js';
import type { PostPlan } from './plan.js';
import { POST_SHAPE } from './post-shape.js';
import { createRng, shuffleInPlace } from './rng.js';
import { createWeightedPicker, type WeightedPicker, zipfWeights } from './sampling.js';
import { LANGS, TOPICS, type TopicSpec } from './topics.js';
import { GENERIC_TAGS } from './words.js';

/**
 * The tags one topic's posts draw from, as ids (indexes into Vocabulary.tags): posts compare and
 * dedupe small integers, not strings, which keeps the 2M-post bench store fast.
 */
export interface TopicPool {
  stems: string[];
  core: number[];
  corePicker: WeightedPicker;
  /** Per language index (LANGS); empty where the topic has no tags in that language. */
  foreign: number[][];
  foreignPickers: WeightedPicker[];
  emoji: number[];
  /** The long tail, most plausible first; drawn log-uniformly. */
  fringe: number[];
  /** Every tag of the pool in a seeded order, handed out a few per post so each is used. */
  sweep: number[];
}

/** Every tag the corpus uses, decided before any post is generated. */
export interface Vocabulary {
  topics: TopicPool[];
  /** Per language index. */
  generic: number[][];
  genericPickers: WeightedPicker[];
  genericSweep: number[];
  /** Per place index: city tag, country tags, city variants (empty for places without posts). */
  placeTags: PlaceTagIds[];
  /** City compounds (`lisbonfood`, `visitlisbon`) per place * TOPICS.length + topic. */
  placeCompounds: Map<number, number[]>;
  /** Distinct tags, in the order they were claimed; a tag's id is its index here. */
  tags: string[];
  index: Map<string, number>;
}

export interface PlaceTagIds {
  city: number;
  countries: number[];
  variants: number[];
}

/**
 * Builds the vocabulary: generic tags, each topic's real tags, the tags of places that have posts,
 * then a generated fringe so that the number of distinct tags reaches `target`. Sizes are capped
 * by how many posts can carry them (POST_SHAPE.sweepCapacity per topic mention), which is what
 * lets posts.ts guarantee that every tag here is used and no other tag is.
 */
export function buildVocabulary(options: {
  target: number;
  seed: number;
  now: number;
  plan: PostPlan;
  places: PlaceSeed[];
}): Vocabulary {
  const { plan, places } = options;
  const rng = createRng(options.seed, 5);
  const index = new Map<string, number>();
  const tags: string[] = [];
  const claim = (tag: string): number => {
    let id = index.get(tag);
    if (id === undefined) {
      id = tags.length;
      index.set(tag, id);
      tags.push(tag);
    }
    return id;
  };

  const generic = trimToCapacity(
    LANGS.map((lang) => GENERIC_TAGS[lang].split(' ')),
    plan.posts,
  ).map((list) => list.map(claim));
  const pools = TOPICS.map((spec, t) =>
    fixedPool(spec, POST_SHAPE.sweepCapacity * plan.topicPosts[t]!, claim),
  );
  const placeTags = places.map((place, p) =>
    plan.postsPerPlace[p]! > 0
      ? {
          city: claim(place.cityTag),
          countries: place.countryTags.map(claim),
          variants: place.cityVariants.map(claim),
        }
      : { city: -1, countries: [], variants: [] },
  );

  const placeCompounds = claimPlaceCompounds(
    Math.floor(PLACE_COMPOUND_SHARE * (options.target - tags.length)),
    plan,
    places,
    claim,
  );
  const fringeSizes = allocateFringe(options.target - tags.length, plan, pools);
  const sources = fringeSources(options.now, plan, places);
  pools.forEach((pool, t) => {
    const size = fringeSizes[t]!;
    if (size <= 0) return;
    const spec = TOPICS[t]!;
    const candidates = fringeCandidates({
      ...sources,
      stems: pool.stems,
      words: emojiWords(spec.emoji.split(' ')),
      placeForms: spec.placeForms?.split(' ') ?? [],
      adjectives: shuffleInPlace([...sources.adjectives], rng),
      nouns: shuffleInPlace([...sources.nouns], rng),
    });
    for (const candidate of candidates) {
      if (index.has(candidate)) continue;
      pool.fringe.push(claim(candidate));
      if (pool.fringe.length >= size) break;
    }
  });

  for (const pool of pools) pool.sweep = shuffleInPlace(poolIds(pool), rng);
  return {
    topics: pools,
    generic,
    genericPickers: generic.map((list) => createWeightedPicker(zipfWeights(list.length, 0.9))),
    genericSweep: shuffleInPlace(generic.flat(), rng),
    placeTags,
    placeCompounds,
    tags,
    index,
  };
}

/** At most this share of the generated tags are city compounds; the rest is the topic fringe. */
const PLACE_COMPOUND_SHARE = 0.3;

/**
 * Compounds of a city and a topic (`lisbonfood`, `visitlisbon`) for the place-topic pairs with
 * the most posts, within `budget`. Posts at that place about that topic carry them (posts.ts),
 * so they co-occur with the right city, unlike fringe tags.
 */
function claimPlaceCompounds(
  budget: number,
  plan: PostPlan,
  places: PlaceSeed[],
  claim: (tag: string) => number,
): Map<number, number[]> {
  const forms = TOPICS.map((spec) => [
    `{}${spec.stems.split(' ')[0]}`,
    ...(spec.placeForms?.split(' ') ?? []),
  ]);
  const pairs: number[] = [];
  plan.placeTopicPosts.forEach((posts, pair) => {
    if (posts >= 2) pairs.push(pair);
  });
  pairs.sort((a, b) => plan.placeTopicPosts[b]! - plan.placeTopicPosts[a]! || a - b);
  const compounds = new Map<number, number[]>();
  let claimed = 0;
  for (const pair of pairs) {
    const place = places[Math.floor(pair / TOPICS.length)]!;
    const pairForms = forms[pair % TOPICS.length]!;
    if (claimed + pairForms.length > budget) break;
    compounds.set(
      pair,
      pairForms.map((form) => claim(form.replace('{}', place.cityTag))),
    );
    claimed += pairForms.length;
  }
  return compounds;
}

/** A topic's hand-written tags, trimmed when the sample is too small to use them all. */
function fixedPool(spec: TopicSpec, capacity: number, claim: (tag: string) => number): TopicPool {
  const foreignLists = LANGS.map((lang) => foreignTags(spec, lang));
  const [core = [], emoji = [], ...foreign] = trimToCapacity(
    [spec.core.split(' '), emojiTags(spec.emoji.split(' ')), ...foreignLists],
    capacity,
  ).map((list) => list.map(claim));
  return {
    stems: spec.stems.split(' '),
    core,
    corePicker: createWeightedPicker(zipfWeights(core.length, 1.05)),
    foreign,
    foreignPickers: foreign.map((list) => createWeightedPicker(zipfWeights(list.length))),
    emoji,
    fringe: [],
    sweep: [],
  };
}

function poolIds(pool: TopicPool): number[] {
  return [...new Set([...pool.core, ...pool.foreign.flat(), ...pool.emoji, ...pool.fringe])];
}

function foreignTags(spec: TopicSpec, lang: string): string[] {
  const part = spec.foreign.split(';').find((entry) => entry.trim().startsWith(`${lang}:`));
  return part ? part.split(':')[1]!.trim().split(' ') : [];
}

/** Shortens the longest lists first until all of them together fit `capacity`. */
function trimToCapacity(lists: string[][], capacity: number): string[][] {
  let total = lists.reduce((sum, list) => sum + list.length, 0);
  while (total > capacity) {
    const longest = lists.reduce((a, b) => (b.length > a.length ? b : a));
    longest.pop();
    total--;
  }
  return lists;
}

/**
 * Splits the fringe over topics in proportion to their posts, so every topic's tail is used at
 * the same rate, and never beyond what its posts can carry.
 */
function allocateFringe(total: number, plan: PostPlan, pools: TopicPool[]): number[] {
  const room = pools.map((pool, t) =>
    Math.max(0, POST_SHAPE.sweepCapacity * plan.topicPosts[t]! - new Set(poolIds(pool)).size),
  );
  const sizes = pools.map(() => 0);
  let remaining = Math.max(0, total);
  for (let round = 0; round < 4 && remaining > 0; round++) {
    const open = room.map((r, t) => (r > sizes[t]! ? plan.topicPosts[t]! : 0));
    const weight = open.reduce((sum, w) => sum + w, 0);
    if (weight === 0) break;
    open.forEach((w, t) => {
      const share = Math.min(room[t]! - sizes[t]!, Math.floor((remaining * w) / weight));
      sizes[t]! += share;
    });
    remaining = Math.max(0, total) - sizes.reduce((sum, size) => sum + size, 0);
    // Rounding leftovers go to the largest topic with room.
    const largest = open.indexOf(Math.max(...open));
    const extra = Math.min(remaining, room[largest]! - sizes[largest]!);
    sizes[largest]! += extra;
    remaining -= extra;
  }
  return sizes;
}

/** The parts of the fringe every topic shares: places with posts, countries, faker's words, years. */
function fringeSources(now: number, plan: PostPlan, places: PlaceSeed[]) {
  const located = places.filter((_, p) => plan.postsPerPlace[p]! > 0);
  return {
    cityTags: located.map((place) => place.cityTag),
    countryTags: [...new Set(located.flatMap((place) => place.countryTags.slice(0, 1)))],
    adjectives: cleanWords(en.word?.adjective),
    nouns: cleanWords(en.word?.noun),
    years: yearsUpTo(new Date(now).getUTCFullYear() + 1),
  };
}

function cleanWords(words: readonly string[] | null | undefined): string[] {
  return (words ?? []).filter((word) => /^[a-z]{3,10}$/.test(word));
}

function yearsUpTo(last: number): number[] {
  const years: number[] = [];
  for (let year = last; year >= 2012; year--) years.push(year);
  return years;
}
