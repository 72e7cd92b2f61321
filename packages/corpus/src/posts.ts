import { drawCaption } from './captions.js';
import type { PlaceSeed } from './places.js';
import { NO_TOPIC, type PostPlan } from './plan.js';
import { POST_SHAPE } from './post-shape.js';
import type { ProfileSeed } from './profiles.js';
import { createRng, mix32, type Rng, shuffleInPlace } from './rng.js';
import { createWeightedPicker, pickLogUniform, type WeightedPicker } from './sampling.js';
import { topicDayPickers } from './topic-seasons.js';
import { LANGS, TOPICS } from './topics.js';
import type { PlaceTagIds, TopicPool, Vocabulary } from './vocabulary.js';

export interface CorpusPost {
  post_id: string;
  /** A profile_id. */
  owner: string;
  /** Epoch seconds. */
  timestamp: number;
  place_id?: string;
  hashtags: string[];
  /** A few words of its topics and place (captions.ts): the sample store's word table. */
  caption?: string;
}

/** Posts with a caption (captions.ts). */
const CAPTIONED_SHARE = 1 / 3;

export interface PostContext {
  seed: number;
  /** Epoch milliseconds; posts fall in the `days` before it. */
  now: number;
  days: number;
  plan: PostPlan;
  vocabulary: Vocabulary;
  profiles: ProfileSeed[];
  places: PlaceSeed[];
}

/** When people post, by local hour: a lunchtime bump and an evening peak. */
const HOUR_WEIGHTS = [2, 1, 1, 0.5, 0.5, 1, 2, 4, 5, 5, 5, 6, 8, 7, 6, 6, 6, 7, 9, 11, 12, 11, 8, 4];
const hourPicker = createWeightedPicker(HOUR_WEIGHTS);
const EN = LANGS.indexOf('en');

/**
 * Yields the posts one at a time, from the plan, with a fresh PRNG on every call: the same
 * context always yields the same sequence, and a 2M-post bench store never sits in memory.
 *
 * Besides random draws, each post carries its share of a "sweep" through its topics' tags (and
 * the generic tags; and the first post at a place, or about a topic at a place, carries all the
 * place's tags or city compounds). Spread evenly
 * over the posts the plan gives each topic, the sweep makes every vocabulary tag appear at least
 * once, which is why `hashtags` lists exactly the tags the posts use.
 */
export function* generatePosts(context: PostContext): Generator<CorpusPost> {
  const { plan, vocabulary, profiles, places } = context;
  const rng = createRng(context.seed, 4);
  const captionRng = createRng(context.seed, 9);
  const idSalt = mix32(context.seed ^ 0x27d4eb2f);
  const start = Math.floor(context.now / 1000) - context.days * 86_400;
  const dayPickers = topicDayPickers(
    context.seed,
    vocabulary.topics.length,
    context.days,
    Math.floor(start / 86_400),
  );
  const swept = new Uint32Array(vocabulary.topics.length);
  const placeSeen = new Uint8Array(places.length);
  const pairSeen = new Set<number>();
  const langOf = Uint8Array.from(profiles, (profile) => LANGS.indexOf(profile.lang));
  // The post a tag id was last added to: dedupes within a post without searching its tags.
  const lastPost = new Int32Array(vocabulary.tags.length).fill(-1);
  const ids: number[] = [];
  let current = 0;
  const add = (id: number) => {
    if (id < 0 || lastPost[id] === current) return;
    lastPost[id] = current;
    ids.push(id);
  };

  for (let i = 0; i < plan.posts; i++) {
    const owner = plan.owner[i]!;
    const primary = plan.primary[i]!;
    const secondary = plan.secondary[i]!;
    const placeIndex = plan.place[i]!;
    const lang = langOf[owner]!;
    const pool = vocabulary.topics[primary]!;
    ids.length = 0;
    current = i;

    sweep(pool.sweep, swept[primary]!++, plan.topicPosts[primary]!, add);
    if (secondary !== NO_TOPIC) {
      const other = vocabulary.topics[secondary]!;
      sweep(other.sweep, swept[secondary]!++, plan.topicPosts[secondary]!, add);
    }
    sweep(vocabulary.genericSweep, i, plan.posts, add);

    const place = placeIndex >= 0 ? places[placeIndex] : undefined;
    if (place) {
      const placeTags = vocabulary.placeTags[placeIndex]!;
      const isFirst = !placeSeen[placeIndex];
      placeSeen[placeIndex] = 1;
      addPlaceTags(placeTags, (share) => isFirst || rng.chance(share), add);
      const pair = placeIndex * vocabulary.topics.length + primary;
      const compounds = vocabulary.placeCompounds.get(pair);
      if (compounds && !pairSeen.has(pair)) {
        pairSeen.add(pair);
        for (const id of compounds) add(id);
      } else if (compounds && rng.chance(POST_SHAPE.placeCompoundShare)) {
        add(compounds[rng.int(compounds.length)]!);
      }
    }
    if (pool.emoji.length && rng.chance(POST_SHAPE.emojiShare)) {
      add(pool.emoji[rng.int(pool.emoji.length)]!);
      if (rng.chance(0.3)) add(pool.emoji[rng.int(pool.emoji.length)]!);
    }

    const size = Math.min(POST_SHAPE.maxTags, Math.max(drawTagCount(rng), ids.length + 1));
    for (let attempt = 0; ids.length < size && attempt < size * 4; attempt++) {
      const generic = rng.chance(POST_SHAPE.genericShare) ? drawGeneric(rng, vocabulary, lang) : -1;
      if (generic >= 0) {
        add(generic);
        continue;
      }
      const topic = secondary !== NO_TOPIC && rng.chance(POST_SHAPE.secondaryShare) ? secondary : primary;
      add(drawTopicTag(rng, vocabulary.topics[topic]!, lang));
    }
    for (let id = 0; ids.length < POST_SHAPE.minTags && id < vocabulary.tags.length; id++) add(id);

    shuffleInPlace(ids, rng);
    const post: CorpusPost = {
      post_id: shortcode(i, idSalt),
      owner: profiles[owner]!.profile.profile_id,
      timestamp: drawTimestamp(rng, start, dayPickers[primary]!, place?.utcOffset ?? 0),
      hashtags: ids.map((id) => vocabulary.tags[id]!),
    };
    if (place) post.place_id = place.place_id;
    // A third of the posts say something besides their tags: enough words for the sample's word
    // table, at a third of what writing every post's words costs the seed step (decision 030).
    if (captionRng.chance(CAPTIONED_SHARE))
      post.caption = drawCaption(captionRng, {
        topic: TOPICS[primary]!,
        other: secondary === NO_TOPIC ? undefined : TOPICS[secondary],
        place,
      });
    yield post;
  }
}

/** The k-th of `total` posts takes its evenly spaced slice of the list (at most sweepCapacity). */
function sweep(list: number[], k: number, total: number, add: (id: number) => void): void {
  const from = Math.floor((k * list.length) / total);
  const to = Math.floor(((k + 1) * list.length) / total);
  for (let j = from; j < to; j++) add(list[j]!);
}

/** A post at Lisbon says `lisbon`, often `portugal`, sometimes `lisboa`. */
function addPlaceTags(tags: PlaceTagIds, keep: (share: number) => boolean, add: (id: number) => void): void {
  if (keep(POST_SHAPE.cityTagShare)) add(tags.city);
  tags.countries.forEach((id, i) => {
    if (keep(i === 0 ? POST_SHAPE.countryTagShare : POST_SHAPE.variantTagShare / 2)) add(id);
  });
  for (const id of tags.variants) if (keep(POST_SHAPE.variantTagShare)) add(id);
}

/** Most posts carry a handful of tags; a few fill all 30. */
function drawTagCount(rng: Rng): number {
  if (rng.chance(POST_SHAPE.maxedOutShare)) return POST_SHAPE.maxTags - rng.int(6);
  return POST_SHAPE.minTags + Math.floor(22 * rng.next() ** 1.6);
}

function drawGeneric(rng: Rng, vocabulary: Vocabulary, lang: number): number {
  const hasLocal = lang !== EN && vocabulary.generic[lang]!.length > 0;
  const language = hasLocal && rng.chance(POST_SHAPE.foreignGenericShare) ? lang : EN;
  const list = vocabulary.generic[language]!;
  return list.length ? list[vocabulary.genericPickers[language]!.pick(rng)]! : -1;
}

/** The owner's language sometimes; otherwise Zipf over the core, log-uniform over the fringe. */
function drawTopicTag(rng: Rng, pool: TopicPool, lang: number): number {
  const foreign = pool.foreign[lang]!;
  if (foreign.length && rng.chance(POST_SHAPE.foreignShare))
    return foreign[pool.foreignPickers[lang]!.pick(rng)]!;
  if (pool.core.length && (!pool.fringe.length || rng.chance(POST_SHAPE.coreShare))) {
    return pool.core[pool.corePicker.pick(rng)]!;
  }
  if (pool.fringe.length) return pool.fringe[pickLogUniform(rng, pool.fringe.length)]!;
  return pool.sweep.length ? pool.sweep[rng.int(pool.sweep.length)]! : -1;
}

/** A day in the window, as the topic's season spreads them (topic-seasons.ts), and an hour people post at. */
function drawTimestamp(rng: Rng, start: number, days: WeightedPicker, utcOffset: number): number {
  const day = days.pick(rng);
  const localHour = hourPicker.pick(rng);
  const secondOfDay = ((((localHour - utcOffset) * 3600 + rng.int(3600)) % 86_400) + 86_400) % 86_400;
  return start + day * 86_400 + secondOfDay;
}

const SHORTCODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** An 11-character id shaped like the network's shortcodes; unique because mix32 is a bijection. */
function shortcode(index: number, salt: number): string {
  let unique = mix32((index ^ salt) >>> 0);
  let filler = mix32(unique + 0x9e3779b9);
  let code = 'C';
  for (let i = 0; i < 6; i++) {
    code += SHORTCODE_ALPHABET[unique & 63];
    unique = Math.floor(unique / 64);
  }
  for (let i = 0; i < 4; i++) {
    code += SHORTCODE_ALPHABET[filler & 63];
    filler >>>= 6;
  }
  return code;
}
