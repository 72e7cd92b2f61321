import type { PostPlan } from './plan.js';
import { POST_SHAPE } from './post-shape.js';
import { createRng } from './rng.js';
import { logUniformProbability } from './sampling.js';
import { LANGS, TOPICS } from './topics.js';
import type { Vocabulary } from './vocabulary.js';

/** The most used tag on the network has about this many posts (#love has a few hundred million and up). */
const TOP_COUNT = 900_000_000;
/** Above 1, the tail falls faster than the sample's uses: rare tags have hundreds to thousands of posts. */
const STRETCH = 1.4;
/**
 * A topic's real tags are spread over fewer posts of the sample than generic ones are, yet on the
 * network #travel is within a few times #love; this brings them back into that range.
 */
const TOPIC_BOOST = 3;
const GENERIC_REACH = 1.3;
const EN = LANGS.indexOf('en');

/**
 * Network-scale post counts: each tag's expected uses in the sample, from the same shares the
 * posts are drawn with (no second pass over the posts), stretched to network scale, times how
 * much larger the tag's topic is on the network than here, with log-normal noise.
 */
export function countHashtags(options: {
  seed: number;
  vocabulary: Vocabulary;
  plan: PostPlan;
}): { hashtag: string; count: number }[] {
  const { vocabulary, plan } = options;
  const uses = new Float64Array(vocabulary.tags.length);
  const reach = new Float32Array(vocabulary.tags.length).fill(1);
  const add = (id: number, amount: number, tagReach = 1) => {
    if (id < 0) return;
    uses[id]! += amount;
    reach[id] = Math.max(reach[id]!, tagReach);
  };
  estimateTopicUses(plan, vocabulary, add);
  estimateGenericUses(plan, vocabulary, add);
  estimatePlaceUses(plan, vocabulary, add);

  const rng = createRng(options.seed, 6);
  const maxUses = uses.reduce((max, value) => Math.max(max, value), 1);
  return vocabulary.tags.map((hashtag, id) => {
    // Popular tags' counts are well known and stable; the tail's vary more.
    const noise = Math.exp((uses[id]! > 500 ? 0.15 : 0.45) * rng.normal());
    const scaled = TOP_COUNT * (uses[id]! / maxUses) ** STRETCH * reach[id]! * noise;
    // A tag seen here is on at least that many posts out there, and never on almost none.
    const count = Math.max(Math.round(scaled), Math.ceil(uses[id]! * 2), 50 + rng.int(450));
    return { hashtag, count };
  });
}

type AddUses = (id: number, amount: number, reach?: number) => void;

function estimateTopicUses(plan: PostPlan, vocabulary: Vocabulary, add: AddUses): void {
  vocabulary.topics.forEach((pool, t) => {
    const fringeReach = TOPICS[t]!.reach;
    const topicReach = fringeReach * TOPIC_BOOST;
    const coreShare = pool.fringe.length ? POST_SHAPE.coreShare : 1;
    let native = 0;
    for (let lang = 0; lang < LANGS.length; lang++) {
      const slots = plan.topicSlots[t * LANGS.length + lang]! * POST_SHAPE.expectedFillSlots;
      const foreign = pool.foreign[lang]!;
      const foreignShare = foreign.length ? POST_SHAPE.foreignShare : 0;
      foreign.forEach((id, r) => {
        add(id, slots * foreignShare * pool.foreignPickers[lang]!.probability(r), topicReach);
      });
      native += slots * (1 - foreignShare);
    }
    pool.core.forEach((id, r) => {
      add(id, native * coreShare * pool.corePicker.probability(r), topicReach);
    });
    pool.fringe.forEach((id, r) => {
      add(id, native * (1 - coreShare) * logUniformProbability(r, pool.fringe.length), fringeReach);
    });
    const emojiUses = (plan.topicPosts[t]! * POST_SHAPE.emojiShare * 1.3) / Math.max(1, pool.emoji.length);
    for (const id of pool.emoji) add(id, emojiUses, topicReach);
    for (const id of pool.sweep) add(id, 1);
  });
}

function estimateGenericUses(plan: PostPlan, vocabulary: Vocabulary, add: AddUses): void {
  const spread = (language: number, amount: number) => {
    vocabulary.generic[language]!.forEach((id, r) => {
      add(id, amount * vocabulary.genericPickers[language]!.probability(r), GENERIC_REACH);
    });
  };
  for (let lang = 0; lang < LANGS.length; lang++) {
    const slots = plan.genericSlots[lang]! * POST_SHAPE.expectedFillSlots;
    const localShare = lang !== EN && vocabulary.generic[lang]!.length ? POST_SHAPE.foreignGenericShare : 0;
    if (localShare) spread(lang, slots * localShare);
    spread(EN, slots * (1 - localShare));
  }
  for (const id of vocabulary.genericSweep) add(id, 1, GENERIC_REACH);
}

function estimatePlaceUses(plan: PostPlan, vocabulary: Vocabulary, add: AddUses): void {
  vocabulary.placeTags.forEach((tags, p) => {
    const posts = plan.postsPerPlace[p]!;
    if (posts === 0) return;
    add(tags.city, posts * POST_SHAPE.cityTagShare + 1);
    tags.countries.forEach((id, i) => {
      add(id, posts * (i === 0 ? POST_SHAPE.countryTagShare : POST_SHAPE.variantTagShare / 2) + 1);
    });
    for (const id of tags.variants) add(id, posts * POST_SHAPE.variantTagShare + 1);
  });
  for (const [pair, ids] of vocabulary.placeCompounds) {
    const posts = plan.placeTopicPosts[pair]!;
    for (const id of ids) add(id, (posts * POST_SHAPE.placeCompoundShare) / ids.length + 1);
  }
}
