import { normalizeHashtag } from '@tagscout/core/hashtags';
import { Network } from '@tagscout/core/networks';

/** The facet feature that marks a hashtag in a post's text (its `tag` has no '#'). */
export const TAG_FEATURE = 'app.bsky.richtext.facet#tag';

/** createdAt is the client's word: believed from this long before Jetstream saw the post... */
export const CREATED_AT_MAX_EARLIER_MS = 24 * 60 * 60_000;
/** ...to this long after (clocks run fast); outside that, the time Jetstream saw it is used. */
export const CREATED_AT_MAX_LATER_MS = 10 * 60_000;

/** A post as Tagscout keeps it: its tags normalised by core's rules for Bluesky. */
export interface BlueskyPost {
  /** The record's at-uri: at://did/app.bsky.feed.post/rkey. */
  uri: string;
  did: string;
  /** Epoch seconds: createdAt when plausible, else when Jetstream saw the post. */
  takenAt: number;
  /** Unique normalised tags from the facets, then the record's `tags`; may be empty. */
  tags: string[];
  /** The record's `langs` (BCP-47 codes), as given; empty when absent. */
  langs: string[];
  /** The record's text (at most 3,000 characters, as the lexicon allows); empty when absent. */
  text: string;
}

export function postUri(did: string, rkey: string): string {
  return `at://${did}/app.bsky.feed.post/${rkey}`;
}

/** A post record's fields Tagscout uses; null when the record is not a post object. */
export function postFromRecord(input: {
  did: string;
  rkey: string;
  timeUs: number;
  record: Record<string, unknown>;
}): BlueskyPost | null {
  const { did, rkey, timeUs, record } = input;
  if (record.$type !== undefined && record.$type !== 'app.bsky.feed.post') return null;
  return {
    uri: postUri(did, rkey),
    did,
    takenAt: takenAtOf(record.createdAt, timeUs),
    tags: tagsOf(record),
    langs: Array.isArray(record.langs)
      ? record.langs.filter((lang): lang is string => typeof lang === 'string').slice(0, 3)
      : [],
    text: typeof record.text === 'string' ? record.text.slice(0, 3000) : '',
  };
}

/** createdAt (epoch seconds) if within the bounds around time_us, else time_us. */
export function takenAtOf(createdAt: unknown, timeUs: number): number {
  const seenMs = Math.floor(timeUs / 1000);
  const created = typeof createdAt === 'string' ? Date.parse(createdAt) : Number.NaN;
  const believable =
    Number.isFinite(created) &&
    created >= seenMs - CREATED_AT_MAX_EARLIER_MS &&
    created <= seenMs + CREATED_AT_MAX_LATER_MS;
  return Math.floor((believable ? created : seenMs) / 1000);
}

function tagsOf(record: Record<string, unknown>): string[] {
  const tags = new Set<string>();
  const add = (raw: unknown) => {
    if (typeof raw !== 'string') return;
    const tag = normalizeHashtag(raw, Network.bluesky);
    if (tag !== null) tags.add(tag);
  };
  if (Array.isArray(record.facets)) {
    for (const facet of record.facets) {
      const features = (facet as { features?: unknown } | null)?.features;
      if (!Array.isArray(features)) continue;
      for (const feature of features) {
        if ((feature as { $type?: unknown } | null)?.$type === TAG_FEATURE)
          add((feature as { tag?: unknown }).tag);
      }
    }
  }
  if (Array.isArray(record.tags)) for (const tag of record.tags) add(tag);
  return [...tags];
}
