import type { PlaceSeed } from './places.js';
import { POST_SHAPE } from './post-shape.js';
import type { ProfileSeed } from './profiles.js';
import { createRng, type Rng } from './rng.js';
import { createWeightedPicker } from './sampling.js';
import { LANGS, TOPICS } from './topics.js';

export const NO_TOPIC = 255;

/**
 * Who posts, about what and where, for every post, decided before any tag is drawn. Knowing how
 * many posts each topic and place gets lets the vocabulary be sized so that every tag in it is used
 * (see the sweep in posts.ts). Typed arrays keep this at about 10 bytes a post.
 */
export interface PostPlan {
  posts: number;
  owner: Uint32Array;
  primary: Uint8Array;
  /** NO_TOPIC when the post is about one topic only. */
  secondary: Uint8Array;
  /** -1 when the post has no place. */
  place: Int32Array;
  /** Posts that mention each topic, first or second. */
  topicPosts: Uint32Array;
  postsPerPlace: Uint32Array;
  /** Posts per (place, primary topic): place * TOPICS.length + topic. Sizes the city compounds. */
  placeTopicPosts: Uint32Array;
  postsPerProfile: Uint32Array;
  /** Expected topic slots per (topic, owner language): topic * LANGS.length + lang. */
  topicSlots: Float64Array;
  /** Expected generic slots per owner language. */
  genericSlots: Float64Array;
}

export function planPosts(options: {
  posts: number;
  seed: number;
  profiles: ProfileSeed[];
  places: PlaceSeed[];
}): PostPlan {
  const { posts, seed, profiles, places } = options;
  const rng = createRng(seed, 3);
  const plan = allocatePlan(posts, profiles.length, places.length);
  const ownerPicker = createWeightedPicker(profiles.map((p) => p.activity));
  const placePicker = createWeightedPicker(places.map((p) => p.weight));
  const topicShare = 1 - POST_SHAPE.genericShare;
  for (let i = 0; i < posts; i++) {
    const owner = ownerPicker.pick(rng);
    const profile = profiles[owner]!;
    const [primary, secondary] = pickPostTopics(rng, profile.topics);
    plan.owner[i] = owner;
    plan.primary[i] = primary;
    plan.secondary[i] = secondary;
    const place =
      !places.length || !rng.chance(profile.placeRate) ? -1 : pickPlace(rng, profile, placePicker);
    plan.place[i] = place;

    const lang = LANGS.indexOf(profile.lang);
    plan.topicPosts[primary]!++;
    plan.postsPerProfile[owner]!++;
    if (place >= 0) {
      plan.postsPerPlace[place]!++;
      plan.placeTopicPosts[place * TOPICS.length + primary]!++;
    }
    plan.genericSlots[lang]! += POST_SHAPE.genericShare;
    if (secondary === NO_TOPIC) {
      plan.topicSlots[primary * LANGS.length + lang]! += topicShare;
      continue;
    }
    plan.topicPosts[secondary]!++;
    plan.topicSlots[primary * LANGS.length + lang]! += topicShare * (1 - POST_SHAPE.secondaryShare);
    plan.topicSlots[secondary * LANGS.length + lang]! += topicShare * POST_SHAPE.secondaryShare;
  }
  spreadOverAllPlaces(plan, rng);
  return plan;
}

function allocatePlan(posts: number, profiles: number, places: number): PostPlan {
  return {
    posts,
    owner: new Uint32Array(posts),
    primary: new Uint8Array(posts),
    secondary: new Uint8Array(posts),
    place: new Int32Array(posts),
    topicPosts: new Uint32Array(TOPICS.length),
    postsPerPlace: new Uint32Array(places),
    placeTopicPosts: new Uint32Array(places * TOPICS.length),
    postsPerProfile: new Uint32Array(profiles),
    topicSlots: new Float64Array(TOPICS.length * LANGS.length),
    genericSlots: new Float64Array(LANGS.length),
  };
}

/** Mostly a favourite topic; often the other favourite too, sometimes a topic related to it. */
function pickPostTopics(rng: Rng, favourites: number[]): [number, number] {
  const [first, second] = favourites;
  if (second === undefined) {
    if (!rng.chance(0.15)) return [first!, NO_TOPIC];
    const related = relatedTopics[first!]!;
    const other = related[rng.int(related.length)];
    return [first!, other ?? NO_TOPIC];
  }
  const primary = rng.chance(0.7) ? first! : second;
  const other = primary === first ? second : first!;
  return [primary, rng.chance(0.45) ? other : NO_TOPIC];
}

const relatedTopics = TOPICS.map((topic) =>
  topic.related
    .split(' ')
    .map((name) => TOPICS.findIndex((t) => t.name === name))
    .filter((index) => index >= 0),
);

function pickPlace(rng: Rng, profile: ProfileSeed, placePicker: { pick(rng: Rng): number }): number {
  return rng.chance(profile.roams ? 0.45 : 0.85) ? profile.home : placePicker.pick(rng);
}

/**
 * Every place should have posts, or its page in the app would be empty. Posts at places that
 * have plenty are moved to the places that have none, as long as there are posts to move.
 */
function spreadOverAllPlaces(plan: PostPlan, rng: Rng): void {
  const empty: number[] = [];
  plan.postsPerPlace.forEach((count, place) => {
    if (count === 0) empty.push(place);
  });
  let attempts = plan.posts * 4;
  while (empty.length && attempts-- > 0) {
    const post = rng.int(plan.posts);
    const from = plan.place[post]!;
    if (from < 0 || plan.postsPerPlace[from]! < 2) continue;
    const to = empty.pop()!;
    plan.place[post] = to;
    plan.postsPerPlace[from]!--;
    plan.postsPerPlace[to]!++;
    plan.placeTopicPosts[from * TOPICS.length + plan.primary[post]!]!--;
    plan.placeTopicPosts[to * TOPICS.length + plan.primary[post]!]!++;
  }
}
