// The events `npm run bench:firehose` replays (seeded: every run replays the same).
import {
  accountEvent,
  identityEvent,
  makeDid,
  makeTid,
  postCreate,
  postDelete,
  type WireEvent,
} from '@tagscout/sources/testing';

/** A seeded generator, so every run replays the same events. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Distinct words the posts' text draws from (issue 35: the word table). */
const WORDS = 20_000;

/**
 * Events as the firehose carries them when asked for posts: mostly untagged posts, some with one
 * tag, some with two to four (Zipf-like over `vocabulary` tags), deletes, identity and account
 * events; `taggedShare` 1 makes every post carry two to four tags.
 */
export function firehoseEvents(options: { count: number; taggedShare: number; seed: number }): WireEvent[] {
  const next = random(options.seed);
  // The words of the posts' text come from a stream of their own, so the events are as before.
  const nextWord = random(options.seed ^ 0x5bd1e995);
  const word = () => `word${Math.floor(WORDS * nextWord() ** 3)}`;
  const vocabulary = 50_000;
  const tag = () => `tag${Math.floor(vocabulary * next() ** 3)}`;
  const dids = Array.from({ length: 5000 }, (_, i) => makeDid(`bench-${i}`));
  const recent: { did: string; rkey: string }[] = [];
  const startUs = (Date.now() - 3_600_000) * 1000;
  const events: WireEvent[] = [];
  for (let i = 0; i < options.count; i++) {
    const timeUs = startUs + i * 1000;
    const did = dids[Math.floor(next() * dids.length)]!;
    const roll = next();
    const createdAt = new Date(timeUs / 1000 - 800).toISOString();
    if (options.taggedShare < 1 && roll < 0.02 && recent.length > 0) {
      events.push(postDelete({ ...recent[Math.floor(next() * recent.length)]!, timeUs }));
    } else if (options.taggedShare < 1 && roll < 0.03) {
      events.push({ ...identityEvent({ did, handle: 'someone.bsky.social', seq: i }), time_us: timeUs });
    } else if (options.taggedShare < 1 && roll < 0.04) {
      events.push({ ...accountEvent({ did, active: true, seq: i }), time_us: timeUs });
    } else {
      const rkey = makeTid(timeUs);
      const kind = next();
      const tags =
        kind < options.taggedShare
          ? Array.from({ length: 2 + Math.floor(next() * 3) }, tag)
          : kind < options.taggedShare + 0.08
            ? [tag()]
            : [];
      events.push(
        postCreate({
          did,
          rkey,
          tags,
          timeUs,
          createdAt,
          langs: ['en'],
          // About the length people write: a dozen words, Zipf-like over 20,000, before its tags.
          text: `A post about ${Array.from({ length: 12 }, word).join(' ')}`,
        }),
      );
      if (tags.length >= 2) recent.push({ did, rkey });
      if (recent.length > 1000) recent.shift();
    }
  }
  return events;
}
