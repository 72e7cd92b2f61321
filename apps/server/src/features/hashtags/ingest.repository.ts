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
}

/**
 * Writes a batch in one transaction. Repeating a batch changes nothing but updated_at: posts are
 * keyed by the network's post id and links by (post, tag).
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

  if (useFastPath && database.sqlite) {
    const sqlite = database.sqlite;
    const write = sqlite.transaction(() => {
      for (const query of items) sqlite.prepare(query.sql).run(...(query.parameters as unknown[]));
      storePostsSqlite(sqlite, batch, { tagIdOf, created });
    });
    write.immediate();
  } else {
    await database.db.transaction().execute(async (trx) => {
      for (const query of items) await trx.executeQuery(query);
      await storePostsKysely(trx, batch, { tagIdOf, created });
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

interface TagResolution {
  tagIdOf: (name: string) => number | undefined;
  created: Map<string, number>;
}

interface SqliteStatements {
  selectTag: SqliteDatabase.Statement<[string], number>;
  insertTag: SqliteDatabase.Statement<[string, number], number>;
  upsertPost: SqliteDatabase.Statement<unknown[], { id: number; taken_at: number }>;
  insertLink: SqliteDatabase.Statement<[number, number, number]>;
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
      upsertPost: sqlite.prepare(
        `insert into posts (post_id, owner, taken_at, place_id, source) values (?, ?, ?, ?, ?)
         on conflict (post_id) do update set
           owner = coalesce(posts.owner, excluded.owner),
           place_id = coalesce(posts.place_id, excluded.place_id)
         returning id, taken_at`,
      ),
      insertLink: sqlite.prepare(
        'insert into post_hashtags (post_id, hashtag_id, taken_at) values (?, ?, ?) on conflict do nothing',
      ),
    };
    statementsByHandle.set(sqlite, statements);
  }
  return statements;
}

/** Prepared statements, one row at a time, inside the caller's transaction. */
function storePostsSqlite(sqlite: SqliteDatabase.Database, batch: IngestBatch, tags: TagResolution): void {
  const statements = sqliteStatements(sqlite);
  const resolve = (name: string): number => {
    let id = tags.tagIdOf(name);
    if (id === undefined) {
      id = statements.selectTag.get(name) ?? statements.insertTag.get(name, batch.now)!;
      tags.created.set(name, id);
    }
    return id;
  };
  for (const post of batch.posts ?? []) {
    const row = statements.upsertPost.get(post.postId, post.owner, post.takenAt, post.placeId, batch.source)!;
    for (const name of post.hashtags) statements.insertLink.run(row.id, resolve(name), row.taken_at);
  }
}

/** Portable multi-row statements (PostgreSQL, and SQLite when asked). */
async function storePostsKysely(
  trx: Transaction<Tables>,
  batch: IngestBatch,
  tags: TagResolution,
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

  const sorted = [...posts].sort((a, b) => (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0));
  const stored = new Map<string, { id: number; taken_at: number }>();
  for (const chunk of chunksOf(sorted, 500)) {
    const rows = await trx
      .insertInto('posts')
      .values(
        chunk.map((post) => ({
          post_id: post.postId,
          owner: post.owner,
          taken_at: post.takenAt,
          place_id: post.placeId,
          source: batch.source,
        })),
      )
      .onConflict((oc) =>
        oc.column('post_id').doUpdateSet({
          owner: sql`coalesce(posts.owner, excluded.owner)`,
          place_id: sql`coalesce(posts.place_id, excluded.place_id)`,
        }),
      )
      .returning(['id', 'post_id', 'taken_at'])
      .execute();
    for (const row of rows) stored.set(row.post_id, row);
  }

  const links = sorted.flatMap((post) => {
    const row = stored.get(post.postId)!;
    return post.hashtags.map((name) => ({
      post_id: row.id,
      hashtag_id: tags.tagIdOf(name)!,
      taken_at: row.taken_at,
    }));
  });
  for (const chunk of chunksOf(links, 2000)) {
    await trx
      .insertInto('post_hashtags')
      .values(chunk)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
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
