import { dayOfEpochSeconds, type Network } from '@tagscout/core/networks';
import type { ProfileTable } from '../../db/tables.js';
import type { CaptionWordCounts } from './caption-word-counts.js';
import { authorOfPost, type CrowdAuthor } from './post-author.js';
import { parseTagIds } from './post-rows.js';

/** A post ready to store: tags already normalised, at least two of them. */
export interface PostToStore {
  postId: string;
  owner: string | null;
  /** Epoch seconds. */
  takenAt: number;
  placeId: string | null;
  hashtags: readonly string[];
  /** The post's text (a caption), for the word table (decision 030); kept only as its words. */
  text?: string;
  /** The text's languages (BCP 47), when the network says. */
  langs?: readonly string[];
}

export interface PlaceToStore {
  id: string;
  title: string;
  titleKey: string;
  count: number;
  profilePicUrl?: string;
}

/** A profile as far as it is known: fields left out keep their stored value. */
export type ProfileToStore = Pick<ProfileTable, 'id' | 'username'> &
  Partial<Omit<ProfileTable, 'id' | 'username' | 'updated_at' | 'searches'>>;

/** Everything one ingest writes, in one transaction. */
export interface IngestBatch {
  /** Tags with a network-wide count; the newest write wins. */
  hashtags?: readonly { name: string; count: number }[];
  places?: readonly PlaceToStore[];
  profiles?: readonly ProfileToStore[];
  posts?: readonly PostToStore[];
  /** The network the tags and posts belong to. */
  network: Network;
  /** Provenance of the posts and counts: 'crowd', 'sample', 'import', a live source's name. */
  source: string;
  /** The account that reported a crowd batch (decision 011): its posts carry it. Absent for trusted sources. */
  submittedBy?: string;
  /**
   * Tags the batch introduces stay `pending` (answered as being looked up, never suggested) until a
   * trusted source carries them or their count is agreed: crowd batches, unless one submitter suffices.
   */
  newTagsPending?: boolean;
  /** Who the batch's crowd posts count as (post-author.ts): their submitter unless the install trusts one reporter. */
  crowdAuthor?: CrowdAuthor;
  /** Epoch milliseconds of the write; decides which count is newest. */
  now: number;
}

/** Who a post of the batch counts as in the daily uses per author. */
export function authorInBatch(
  batch: Pick<IngestBatch, 'submittedBy' | 'crowdAuthor'>,
  post: { owner: string | null; postId: string },
): string {
  return authorOfPost(
    { submittedBy: batch.submittedBy ?? null, owner: post.owner, postKey: post.postId },
    batch.crowdAuthor,
  );
}

export function newTagState(batch: Pick<IngestBatch, 'newTagsPending'>): 'pending' | 'lookup' {
  return batch.newTagsPending ? 'pending' : 'lookup';
}

/** What the post writers of both paths share. */
export interface PostWriting {
  tagIdOf: (name: string) => number | undefined;
  /** Tags this batch created; remembered by the caller once the batch has committed. */
  created: Map<string, number>;
  /** 1: write links now; 0: leave them to linkPendingPosts. */
  linked: number;
  /** Uses per tag and day of the posts this batch adds (repeats add only tags they lacked). */
  uses: DailyUses;
  /** The words of the new posts' text with their tags (decision 030). */
  words: CaptionWordCounts;
}

/**
 * A new post's words into the word table: trusted sources only (a crowd report is one account's
 * word and may be purged; a user's own posts never come this way).
 */
export function addWordsOfPost(
  batch: Pick<IngestBatch, 'submittedBy' | 'crowdAuthor'>,
  words: CaptionWordCounts,
  post: PostToStore,
  tagIds: readonly number[],
): void {
  if (batch.submittedBy !== undefined || post.text === undefined) return;
  words.add({
    text: post.text,
    langs: post.langs,
    tagIds,
    author: authorInBatch(batch, post),
    takenAt: post.takenAt,
  });
}

/** The network a write's daily uses are of and when it is made (epoch ms): which author rows it keeps (decision 034). */
export interface UsesWrite {
  network: string;
  now: number;
}

/** Days on either side of 1970 a use may fall on; with tag ids below 2^32 a pair's key stays an exact double. */
const DAY_SLOTS = 2 ** 21;
const DAY_OFFSET = 2 ** 20;

/**
 * Uses per (tag id, day), summed in memory so each pair is written once per batch, and the same per
 * author (hashtag_daily_authors, decision 025). Keyed by one number per pair (an import adds
 * millions), which also sorts as (tag id, day).
 */
export class DailyUses {
  private readonly byKey = new Map<number, number>();
  private readonly byAuthor = new Map<number, Map<string, number>>();

  /** `author` as authorOfPost names it; `by` -1 takes a removed post's uses back. */
  add(tagIds: readonly number[], takenAt: number, author: string, by = 1): void {
    const day = dayOfEpochSeconds(takenAt) + DAY_OFFSET;
    if (day < 0 || day >= DAY_SLOTS) throw new RangeError(`taken_at ${takenAt} is out of range`);
    for (const tagId of tagIds) {
      const key = tagId * DAY_SLOTS + day;
      this.byKey.set(key, (this.byKey.get(key) ?? 0) + by);
      let authors = this.byAuthor.get(key);
      if (!authors) {
        authors = new Map();
        this.byAuthor.set(key, authors);
      }
      authors.set(author, (authors.get(author) ?? 0) + by);
    }
  }

  /** [tag id, day, uses], in key order so concurrent writers touch rows in one order. */
  rows(): [number, number, number][] {
    return this.sortedKeys().map((key) => [...pairOfKey(key), this.byKey.get(key)!]);
  }

  /**
   * [tag id, day, author, posts], in key order (as rows): of the days from `fromDay` on, the days
   * trending can still read (decision 034), and posts taken back whatever their day, so a row
   * written when its day was recent is taken back too.
   */
  authorRows(fromDay = Number.NEGATIVE_INFINITY): [number, number, string, number][] {
    const rows: [number, number, string, number][] = [];
    for (const key of this.sortedKeys()) {
      const [tagId, day] = pairOfKey(key);
      const authors = this.byAuthor.get(key)!;
      for (const author of [...authors.keys()].sort()) {
        const posts = authors.get(author)!;
        if (day >= fromDay || posts < 0) rows.push([tagId, day, author, posts]);
      }
    }
    return rows;
  }

  private sortedKeys(): number[] {
    return Array.from(Float64Array.from(this.byKey.keys()).sort());
  }
}

function pairOfKey(key: number): [tagId: number, day: number] {
  const day = key % DAY_SLOTS;
  return [(key - day) / DAY_SLOTS, day - DAY_OFFSET];
}

/** A post as stored, when it arrives again. */
export interface StoredPost {
  id: number;
  owner: string | null;
  place_id: string | null;
  taken_at: number;
  tag_ids: string;
  linked: number;
  /** The account whose crowd post it is; null for a trusted source's. */
  submitted_by: string | null;
}

/** A stored post's new values, when a repeat changes it. */
export interface PostUpdate {
  owner: string | null;
  place_id: string | null;
  tag_ids: string;
  submitted_by: string | null;
}

/** The links a batch writes: to tags, places and owners, each keyed (item, taken_at, post_id). */
export class PostLinks {
  readonly tags = new TagLinks();
  readonly places: [string, number, number][] = [];
  readonly owners: [string, number, number][] = [];

  addPost(
    post: { id: number; takenAt: number; placeId: string | null; owner: string | null },
    tagIds: number[],
  ) {
    for (const tagId of tagIds) this.tags.add(tagId, post.takenAt, post.id);
    if (post.placeId !== null) this.places.push([post.placeId, post.takenAt, post.id]);
    if (post.owner !== null) this.owners.push([post.owner, post.takenAt, post.id]);
  }

  /** Place and owner links in key order, so consecutive inserts touch neighbouring pages. */
  sortedItems(): { places: [string, number, number][]; owners: [string, number, number][] } {
    return { places: this.places.sort(compareItemLinks), owners: this.owners.sort(compareItemLinks) };
  }
}

/** Tag links in flat arrays (no object per link), visited grouped by tag id. */
export class TagLinks {
  private readonly tags: number[] = [];
  private readonly times: number[] = [];
  private readonly posts: number[] = [];

  get size(): number {
    return this.tags.length;
  }

  add(tagId: number, time: number, postRowId: number): void {
    this.tags.push(tagId);
    this.times.push(time);
    this.posts.push(postRowId);
  }

  forEachByTag(visit: (tagId: number, time: number, postRowId: number) => void): void {
    const count = this.tags.length;
    // tag id * 2^22 + position is exact in a double for ids below 2^30; a typed-array sort is fast.
    const slots = 2 ** 22;
    if (count >= slots || this.tags.some((tag) => tag >= 2 ** 30)) {
      const order = [...this.tags.keys()].sort((a, b) => this.tags[a]! - this.tags[b]! || a - b);
      for (const i of order) visit(this.tags[i]!, this.times[i]!, this.posts[i]!);
      return;
    }
    const keys = new Float64Array(count);
    for (let i = 0; i < count; i++) keys[i] = this.tags[i]! * slots + i;
    keys.sort();
    for (let k = 0; k < count; k++) {
      const i = keys[k]! % slots;
      visit(this.tags[i]!, this.times[i]!, this.posts[i]!);
    }
  }
}

/**
 * A post already stored arrives again: it keeps its time and fills in a missing owner or place;
 * tags it did not carry before are added. Nothing is counted twice. Links of a post still pending
 * (linked = 0) are left to linkPendingPosts, which reads the updated row.
 *
 * Who may change it (decision 011): a crowd report (`reporter`, the submitting account) changes only
 * the posts that account created, so what it adds stays in its capped share; a trusted source
 * (`reporter` null) changes any post, and a crowd post it carries becomes trusted.
 */
export function mergeRepeat(
  stored: StoredPost,
  post: PostToStore,
  tagIds: readonly number[],
  writing: { links: PostLinks; uses: DailyUses; reporter: string | null; crowdAuthor?: CrowdAuthor },
): PostUpdate | undefined {
  const { links, reporter } = writing;
  if (reporter !== null && stored.submitted_by !== reporter) return undefined;
  const old = parseTagIds(stored.tag_ids);
  const known = new Set(old);
  const added = tagIds.filter((id) => !known.has(id));
  // A pending post's uses are counted from its tags when it is linked.
  if (stored.linked) {
    const author = authorInBatch(
      { submittedBy: stored.submitted_by ?? undefined, crowdAuthor: writing.crowdAuthor },
      { owner: stored.owner, postId: post.postId },
    );
    writing.uses.add(added, stored.taken_at, author);
  }
  const owner = stored.owner ?? post.owner;
  const placeId = stored.place_id ?? post.placeId;
  const submittedBy = reporter === null ? null : stored.submitted_by;
  const unchanged =
    owner === stored.owner && placeId === stored.place_id && submittedBy === stored.submitted_by;
  if (added.length === 0 && unchanged) return undefined;
  if (stored.linked) {
    links.addPost(
      {
        id: stored.id,
        takenAt: stored.taken_at,
        placeId: placeId === stored.place_id ? null : placeId,
        owner: owner === stored.owner ? null : owner,
      },
      added,
    );
  }
  return { owner, place_id: placeId, tag_ids: [...old, ...added].join(','), submitted_by: submittedBy };
}

/** One row per key (PostgreSQL refuses to upsert a row twice in one statement): last item, first post. */
export function withoutRepeats(batch: IngestBatch): IngestBatch {
  const lastBy = <T>(items: readonly T[] | undefined, keyOf: (item: T) => string) =>
    items && [...new Map(items.map((item) => [keyOf(item), item])).values()];
  const firstPosts = new Map<string, PostToStore>();
  for (const post of batch.posts ?? []) if (!firstPosts.has(post.postId)) firstPosts.set(post.postId, post);
  return {
    ...batch,
    hashtags: lastBy(batch.hashtags, (tag) => tag.name),
    places: lastBy(batch.places, (place) => place.id),
    profiles: lastBy(batch.profiles, (profile) => profile.id),
    posts: [...firstPosts.values()],
  };
}

export function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}

function compareItemLinks(a: [string, number, number], b: [string, number, number]): number {
  return (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0) || a[1] - b[1] || a[2] - b[2];
}
