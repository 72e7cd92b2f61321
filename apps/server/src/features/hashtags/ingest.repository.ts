import type SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connect.js';
import type { ProfileTable, Tables } from '../../db/tables.js';

/** A post ready to store: tags already normalised, at least two of them. */
export interface PostToStore {
  postId: string;
  owner: string | null;
  /** Epoch seconds. */
  takenAt: number;
  placeId: string | null;
  hashtags: readonly string[];
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
  Partial<Omit<Insertable<ProfileTable>, 'id' | 'username' | 'updated_at' | 'searches'>>;

/** Everything one ingest writes, in one transaction. */
export interface IngestBatch {
  /** Tags with a network-wide count; the newest write wins. */
  hashtags?: readonly { name: string; count: number }[];
  places?: readonly PlaceToStore[];
  profiles?: readonly ProfileToStore[];
  posts?: readonly PostToStore[];
  /** Provenance of the posts: 'crowd', 'sample', 'import'. */
  source: string;
  /** Epoch milliseconds of the write; decides which count is newest. */
  now: number;
}

export interface StoreOptions {
  /** Use the raw better-sqlite3 statements (default on SQLite); false forces the portable Kysely path. */
  fastPath?: boolean;
  /** Tag name -> id, shared across batches of one import; filled only with committed ids. */
  tagIds?: Map<string, number>;
  /**
   * Bulk imports: store new posts without their links (linked = 0); linkPendingPosts then writes
   * every pending link at once, sorted by tag. Until then those posts count for no tag.
   */
  deferLinks?: boolean;
}

/**
 * Writes a batch in one transaction. Repeating a batch changes nothing but updated_at: posts are
 * keyed by the network's post id, and a link by (tag, post).
 */
export async function storeIngest(
  database: Database,
  input: IngestBatch,
  options: StoreOptions = {},
): Promise<void> {
  const batch = withoutRepeats(input);
  const items = itemQueries(database.db, batch);
  const created = new Map<string, number>();
  const known = options.tagIds ?? new Map<string, number>();
  const tagIdOf = (name: string) => known.get(name) ?? created.get(name);
  const useFastPath = options.fastPath ?? database.sqlite !== undefined;
  const linked = options.deferLinks ? 0 : 1;

  if (useFastPath && database.sqlite) {
    const sqlite = database.sqlite;
    const write = sqlite.transaction(() => {
      for (const query of items) sqlite.prepare(query.sql).run(...(query.parameters as unknown[]));
      storePostsSqlite(sqlite, batch, { tagIdOf, created, linked });
    });
    write.immediate();
  } else {
    await database.db.transaction().execute(async (trx) => {
      for (const query of items) await trx.executeQuery(query);
      await storePostsKysely(trx, batch, { tagIdOf, created, linked });
    });
  }
  if (options.tagIds) for (const [name, id] of created) options.tagIds.set(name, id);
}

// ---- Tags, places and profiles: few rows, built once with Kysely, run on either path ----

function itemQueries(db: Kysely<Tables>, batch: IngestBatch): CompiledQuery[] {
  const queries: CompiledQuery[] = [];
  for (const chunk of chunksOf(batch.hashtags ?? [], 1000)) {
    const rows = chunk.map(({ name, count }) => ({
      name,
      post_count: count,
      count_state: 'known' as const,
      banned: 0,
      updated_at: batch.now,
    }));
    queries.push(
      db
        .insertInto('hashtags')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet((eb) => ({
              post_count: eb.ref('excluded.post_count'),
              count_state: eb.ref('excluded.count_state'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .whereRef('excluded.updated_at', '>=', 'hashtags.updated_at'),
        )
        .compile(),
    );
  }
  for (const chunk of chunksOf(batch.places ?? [], 500)) {
    const rows = chunk.map((place) => ({
      id: place.id,
      title: place.title,
      title_key: place.titleKey,
      post_count: place.count,
      profile_pic_url: place.profilePicUrl ?? null,
      updated_at: batch.now,
    }));
    queries.push(
      db
        .insertInto('places')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet((eb) => ({
              title: eb.ref('excluded.title'),
              title_key: eb.ref('excluded.title_key'),
              post_count: eb.ref('excluded.post_count'),
              profile_pic_url: sql`coalesce(excluded.profile_pic_url, places.profile_pic_url)`,
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .whereRef('excluded.updated_at', '>=', 'places.updated_at'),
        )
        .compile(),
    );
  }
  // Profiles arrive with different fields known (a search result has no biography); rows with the
  // same known fields share one statement that updates only those fields.
  for (const group of groupBy(batch.profiles ?? [], (profile) => Object.keys(profile).sort().join(','))) {
    const columns = Object.keys(group[0]!).filter((column) => column !== 'id') as (keyof ProfileToStore)[];
    for (const chunk of chunksOf(group, 200)) {
      queries.push(
        db
          .insertInto('profiles')
          // Every row of the group holds exactly `columns`; the rest take their defaults.
          .values(chunk.map((profile) => ({ ...profile, updated_at: batch.now }) as Insertable<ProfileTable>))
          .onConflict((oc) =>
            oc
              .column('id')
              .doUpdateSet(
                Object.fromEntries(
                  [...columns, 'updated_at'].map((column) => [column, sql.ref(`excluded.${column}`)]),
                ),
              )
              .whereRef('excluded.updated_at', '>=', 'profiles.updated_at'),
          )
          .compile(),
      );
    }
  }
  return queries;
}

// ---- Posts and links: the hot path ----

interface PostWriting {
  tagIdOf: (name: string) => number | undefined;
  created: Map<string, number>;
  /** 1: write links now; 0: leave them to linkPendingPosts. */
  linked: number;
}

interface SqliteStatements {
  selectTag: SqliteDatabase.Statement<[string], number>;
  insertTag: SqliteDatabase.Statement<[string, number], number>;
  insertPost: SqliteDatabase.Statement<unknown[], number>;
  selectPost: SqliteDatabase.Statement<[string], StoredPost>;
  updatePost: SqliteDatabase.Statement<[string | null, string | null, string, number]>;
  insertLink: SqliteDatabase.Statement<Link>;
}

/** hashtag_id, taken_at, post_id: the link table's key. */
type Link = [number, number, number];

interface StoredPost {
  id: number;
  owner: string | null;
  place_id: string | null;
  taken_at: number;
  tag_ids: string;
}

const statementsByHandle = new WeakMap<SqliteDatabase.Database, SqliteStatements>();

function sqliteStatements(sqlite: SqliteDatabase.Database): SqliteStatements {
  let statements = statementsByHandle.get(sqlite);
  if (!statements) {
    statements = {
      selectTag: sqlite.prepare<[string], number>('select id from hashtags where name = ?').pluck(),
      insertTag: sqlite
        .prepare<[string, number], number>(
          `insert into hashtags (name, post_count, count_state, banned, updated_at)
           values (?, -1, 'lookup', 0, ?) returning id`,
        )
        .pluck(),
      insertPost: sqlite
        .prepare<unknown[], number>(
          `insert into posts (post_id, owner, taken_at, place_id, source, tag_ids, linked)
           values (?, ?, ?, ?, ?, ?, ?) on conflict (post_id) do nothing returning id`,
        )
        .pluck(),
      selectPost: sqlite.prepare<[string], StoredPost>(
        'select id, owner, place_id, taken_at, tag_ids from posts where post_id = ?',
      ),
      updatePost: sqlite.prepare('update posts set owner = ?, place_id = ?, tag_ids = ? where id = ?'),
      insertLink: sqlite.prepare<Link>(
        'insert into post_hashtags (hashtag_id, taken_at, post_id) values (?, ?, ?) on conflict do nothing',
      ),
    };
    statementsByHandle.set(sqlite, statements);
  }
  return statements;
}

/** Prepared statements, one row at a time, inside the caller's transaction. */
function storePostsSqlite(sqlite: SqliteDatabase.Database, batch: IngestBatch, tags: PostWriting): void {
  const statements = sqliteStatements(sqlite);
  const resolve = (name: string): number => {
    let id = tags.tagIdOf(name);
    if (id === undefined) {
      id = statements.selectTag.get(name) ?? statements.insertTag.get(name, batch.now)!;
      tags.created.set(name, id);
    }
    return id;
  };
  const links = new LinkList();
  for (const post of batch.posts ?? []) {
    const tagIds = post.hashtags.map(resolve);
    const { postId, owner, takenAt, placeId } = post;
    const id = statements.insertPost.get(
      postId,
      owner,
      takenAt,
      placeId,
      batch.source,
      tagIds.join(','),
      tags.linked,
    );
    if (id !== undefined) {
      if (tags.linked) for (const tagId of tagIds) links.add(tagId, takenAt, id);
      continue;
    }
    const stored = statements.selectPost.get(postId)!;
    const repeat = mergeRepeat(stored, post, tagIds);
    if (repeat.update)
      statements.updatePost.run(
        repeat.update.owner,
        repeat.update.place_id,
        repeat.update.tag_ids,
        stored.id,
      );
    for (const [tagId, time, postRowId] of repeat.links) links.add(tagId, time, postRowId);
  }
  // By tag, so consecutive inserts touch the same or neighbouring pages of the link table.
  links.forEachByTag((tagId, time, postRowId) => statements.insertLink.run(tagId, time, postRowId));
}

/** A batch's links in flat arrays (no object per link), visited grouped by tag id. */
class LinkList {
  private readonly tags: number[] = [];
  private readonly times: number[] = [];
  private readonly posts: number[] = [];

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

/** Portable multi-row statements (PostgreSQL, and SQLite when asked). */
async function storePostsKysely(
  trx: Transaction<Tables>,
  batch: IngestBatch,
  tags: PostWriting,
): Promise<void> {
  const posts = batch.posts ?? [];
  if (posts.length === 0) return;
  // Sorted, so concurrent ingests take row locks in one order.
  const missing = [...new Set(posts.flatMap((post) => post.hashtags))].filter(
    (name) => tags.tagIdOf(name) === undefined,
  );
  missing.sort();
  for (const chunk of chunksOf(missing, 1000)) {
    await trx
      .insertInto('hashtags')
      .values(
        chunk.map((name) => ({
          name,
          post_count: -1,
          count_state: 'lookup' as const,
          banned: 0,
          updated_at: batch.now,
        })),
      )
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const rows = await trx.selectFrom('hashtags').select(['id', 'name']).where('name', 'in', chunk).execute();
    for (const row of rows) tags.created.set(row.name, row.id);
  }

  const links: Link[] = [];
  const sorted = [...posts].sort((a, b) => (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0));
  for (const chunk of chunksOf(sorted, 500)) {
    const tagIdsOf = new Map(
      chunk.map((post) => [post.postId, post.hashtags.map((name) => tags.tagIdOf(name)!)]),
    );
    const inserted = await trx
      .insertInto('posts')
      .values(
        chunk.map((post) => ({
          post_id: post.postId,
          owner: post.owner,
          taken_at: post.takenAt,
          place_id: post.placeId,
          source: batch.source,
          tag_ids: tagIdsOf.get(post.postId)!.join(','),
          linked: tags.linked,
        })),
      )
      .onConflict((oc) => oc.column('post_id').doNothing())
      .returning(['id', 'post_id', 'taken_at'])
      .execute();
    const isNew = new Set<string>();
    for (const row of inserted) {
      isNew.add(row.post_id);
      if (tags.linked)
        for (const tagId of tagIdsOf.get(row.post_id)!) links.push([tagId, row.taken_at, row.id]);
    }
    const repeats = chunk.filter((post) => !isNew.has(post.postId));
    if (repeats.length === 0) continue;
    const stored = await trx
      .selectFrom('posts')
      .select(['id', 'post_id', 'owner', 'place_id', 'taken_at', 'tag_ids'])
      .where(
        'post_id',
        'in',
        repeats.map((post) => post.postId),
      )
      .execute();
    const storedById = new Map(stored.map((row) => [row.post_id, row]));
    for (const post of repeats) {
      const row = storedById.get(post.postId)!;
      const repeat = mergeRepeat(row, post, tagIdsOf.get(post.postId)!);
      if (repeat.update) await trx.updateTable('posts').set(repeat.update).where('id', '=', row.id).execute();
      links.push(...repeat.links);
    }
  }

  links.sort(compareLinks);
  for (const chunk of chunksOf(links, 2000)) {
    await trx
      .insertInto('post_hashtags')
      .values(chunk.map(([hashtag_id, taken_at, post_id]) => ({ hashtag_id, taken_at, post_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * Writes the links of every post stored with deferLinks, in one statement sorted by tag (so the link
 * table is appended to), and marks those posts linked. Returns how many posts it linked.
 */
export async function linkPendingPosts(database: Database): Promise<number> {
  const pending = database.db.selectFrom('posts').select('id').where('linked', '=', 0);
  if ((await pending.limit(1).executeTakeFirst()) === undefined) return 0;
  const tagIdsOfPending =
    database.dialect === 'postgres'
      ? sql`select t.tag_id, p.taken_at, p.id from posts p
            cross join lateral unnest(string_to_array(p.tag_ids, ',')::int[]) as t(tag_id)`
      : sql`select j.value, p.taken_at, p.id from posts p join json_each('[' || p.tag_ids || ']') j`;
  return database.db.transaction().execute(async (trx) => {
    await sql`insert into post_hashtags (hashtag_id, taken_at, post_id)
              ${tagIdsOfPending} where p.linked = 0 and p.tag_ids <> '' order by 1, 2, 3
              on conflict do nothing`.execute(trx);
    const result = await trx
      .updateTable('posts')
      .set({ linked: 1 })
      .where('linked', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  });
}

/**
 * A post already stored arrives again: it keeps its time and fills in a missing owner or place;
 * tags it did not carry before are added. Nothing is counted twice.
 */
function mergeRepeat(
  stored: StoredPost,
  post: PostToStore,
  tagIds: readonly number[],
): { update?: { owner: string | null; place_id: string | null; tag_ids: string }; links: Link[] } {
  const old = stored.tag_ids === '' ? [] : stored.tag_ids.split(',').map(Number);
  const known = new Set(old);
  const added = tagIds.filter((id) => !known.has(id));
  const owner = stored.owner ?? post.owner;
  const placeId = stored.place_id ?? post.placeId;
  const links = added.map((tagId): Link => [tagId, stored.taken_at, stored.id]);
  if (added.length === 0 && owner === stored.owner && placeId === stored.place_id) return { links };
  return { update: { owner, place_id: placeId, tag_ids: [...old, ...added].join(',') }, links };
}

function compareLinks(a: Link, b: Link): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** One row per key (PostgreSQL refuses to upsert a row twice in one statement): last item, first post. */
function withoutRepeats(batch: IngestBatch): IngestBatch {
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

function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.values()];
}
