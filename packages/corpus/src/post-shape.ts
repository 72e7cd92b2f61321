/**
 * The mix of tags in one post, in one place because three steps need the same numbers: the plan
 * (which topics a post is about), the posts themselves, and the network counts, which are
 * estimated from these shares instead of by generating every post twice.
 */
export const POST_SHAPE = {
  minTags: 2,
  maxTags: 30,
  /** Posts that fill the cap, as marketers do. */
  maxedOutShare: 0.07,
  /** Share of the free slots given to generic tags (`love`, `instagood`). */
  genericShare: 0.13,
  /** Share of the topic slots given to the second topic, when a post has one. */
  secondaryShare: 0.3,
  /** Share of topic slots an owner writing in another language fills in that language. */
  foreignShare: 0.35,
  /** Share of generic slots in the owner's language (`amor` rather than `love`). */
  foreignGenericShare: 0.45,
  /** Of the remaining topic slots, how many take a core tag rather than one from the fringe. */
  coreShare: 0.62,
  /** Posts with a topic emoji tag (`🍕`, `pizza🍕`). */
  emojiShare: 0.12,
  cityTagShare: 0.85,
  countryTagShare: 0.4,
  variantTagShare: 0.2,
  /** Posts with a place that also carry the city compound of their topic (`lisbonfood`). */
  placeCompoundShare: 0.2,
  /** At most this many tags per topic per post come from the coverage sweep (see posts.ts). */
  sweepCapacity: 4,
  /** Roughly how many slots a post fills by drawing, for the estimates in counts.ts. */
  expectedFillSlots: 9,
} as const;
