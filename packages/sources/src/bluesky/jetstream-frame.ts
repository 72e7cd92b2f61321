import { type BlueskyPost, postFromRecord, postUri } from './bluesky-post.js';

/** The collection of Bluesky posts, the only one the consumer asks for (wantedCollections). */
export const POST_COLLECTION = 'app.bsky.feed.post';

/**
 * One Jetstream event as the consumer needs it. Jetstream's JSON wire (the /subscribe endpoint,
 * "v1"): every frame is an object with `did`, `time_us` (the instance's own microsecond timestamp,
 * also the cursor) and `kind`: `commit` (with `commit.operation` create, update or delete),
 * `identity` or `account`. Identity and account events arrive whatever collections were asked for.
 */
export type FirehoseEvent =
  | { type: 'post'; timeUs: number; post: BlueskyPost }
  | { type: 'delete'; timeUs: number; uri: string }
  /** An account that is no longer active: `status` deleted, takendown, suspended, deactivated... */
  | { type: 'account'; timeUs: number; did: string; active: boolean; status: string | undefined }
  | { type: 'identity'; timeUs: number; did: string }
  /** Anything else the wire carries (updates, other collections, kinds added later): advances the cursor only. */
  | { type: 'other'; timeUs: number };

/**
 * A frame's text as an event, or null when it is not a Jetstream event (not JSON, no did/time_us/
 * kind, a commit without its fields, a create without a record). Malformed frames are skipped
 * (and counted) by the client, never fatal.
 */
export function parseJetstreamFrame(text: string): FirehoseEvent | null {
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(frame)) return null;
  const { did, time_us: timeUs, kind } = frame;
  if (typeof did !== 'string' || !did.startsWith('did:') || !isTimeUs(timeUs) || typeof kind !== 'string') {
    return null;
  }
  switch (kind) {
    case 'commit':
      return parseCommit(did, timeUs, frame.commit);
    case 'identity':
      return isObject(frame.identity) ? { type: 'identity', timeUs, did } : null;
    case 'account': {
      const account = frame.account;
      if (!isObject(account) || typeof account.active !== 'boolean') return null;
      const status = typeof account.status === 'string' ? account.status : undefined;
      return { type: 'account', timeUs, did, active: account.active, status };
    }
    default:
      return { type: 'other', timeUs };
  }
}

function parseCommit(did: string, timeUs: number, commit: unknown): FirehoseEvent | null {
  if (!isObject(commit)) return null;
  const { operation, collection, rkey } = commit;
  if (typeof operation !== 'string' || typeof collection !== 'string' || typeof rkey !== 'string' || !rkey) {
    return null;
  }
  if (collection !== POST_COLLECTION) return { type: 'other', timeUs };
  if (operation === 'delete') return { type: 'delete', timeUs, uri: postUri(did, rkey) };
  if (operation !== 'create') return { type: 'other', timeUs };
  if (!isObject(commit.record)) return null;
  const post = postFromRecord({ did, rkey, timeUs, record: commit.record });
  return post ? { type: 'post', timeUs, post } : null;
}

/** A plausible microsecond timestamp: a whole number after 2020 (rules out seconds and milliseconds). */
function isTimeUs(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 1_577_836_800_000_000;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
