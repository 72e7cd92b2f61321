import { dayOfEpochMs } from '@tagscout/core/networks';
import { firstTrendingDay, isSnapshotNetwork, trendingLastDay } from '@tagscout/core/trends';
import type SqliteDatabase from 'better-sqlite3';
import type { CaptionWordCounts } from './caption-word-counts.js';
import type { DailyUses, PostLinks, PostUpdate, StoredPost, UsesWrite } from './ingest-batch.js';
import { type LinkedPost, type NewPost, type NewTag, type PostsOfBatch, tagIdsOfPost } from './post-rows.js';

/**
 * The one write path of posts, their links, their tags' daily uses and the tags they create on
 * SQLite's prepared statements (the raw better-sqlite3 handle), for the store's batches
 * (store-sqlite.repository.ts), its pending-links pass (pending-links-sqlite.repository.ts) and a
 * stream's batches (stream/stream-sqlite.repository.ts). Every call runs inside the caller's
 * transaction on the same handle, so a stream's batch lands with its seen ids and cursor. The same
 * writes through Kysely are post-writes.repository.ts.
 */
export function sqlitePostWrites(sqlite: SqliteDatabase.Database): SqlitePostWrites {
  let writes = writesByHandle.get(sqlite);
  if (!writes) {
    writes = new SqlitePostWrites(sqlite);
    writesByHandle.set(sqlite, writes);
  }
  return writes;
}

const writesByHandle = new WeakMap<SqliteDatabase.Database, SqlitePostWrites>();

export class SqlitePostWrites {
  private readonly statements: Statements;
  private readonly tagLinks: RowStatements;
  private readonly placeLinks: RowStatements;
  private readonly ownerLinks: RowStatements;
  private readonly dailyUses: RowStatements;
  private readonly dailyAuthors: RowStatements;
  private readonly captionWords: RowStatements;
  private readonly captionWordTags: RowStatements;

  constructor(sqlite: SqliteDatabase.Database) {
    this.statements = prepareStatements(sqlite);
    this.tagLinks = new RowStatements(sqlite, INSERT_TAG_LINKS);
    this.placeLinks = new RowStatements(sqlite, INSERT_PLACE_LINKS);
    this.ownerLinks = new RowStatements(sqlite, INSERT_OWNER_LINKS);
    this.dailyUses = new RowStatements(sqlite, ADD_DAILY_USES);
    this.dailyAuthors = new RowStatements(sqlite, ADD_DAILY_AUTHORS);
    this.captionWords = new RowStatements(sqlite, ADD_CAPTION_WORDS);
    this.captionWordTags = new RowStatements(sqlite, ADD_CAPTION_WORD_TAGS);
  }

  /**
   * Each name's tag id on `tag.network`, creating the tags not stored yet as `tag` says. In name
   * order: neighbouring names share the pages of the tag indexes, where post order would touch a
   * random page of each for every new tag.
   */
  tagIds(names: Iterable<string>, tag: NewTag): Map<string, number> {
    const { selectTag, insertTag } = this.statements;
    const ids = new Map<string, number>();
    for (const name of [...new Set(names)].sort()) {
      const id =
        selectTag.get(tag.network, name) ??
        Number(
          insertTag.run(tag.network, name, tag.postCount, tag.countState, tag.countSource, tag.now)
            .lastInsertRowid,
        );
      ids.set(name, id);
    }
    return ids;
  }

  /** The new post's row id; undefined when the batch's network has a post with its id stored already. */
  insertPost(post: NewPost, batch: PostsOfBatch): number | undefined {
    const inserted = this.statements.insertPost.run(
      post.post_id,
      post.owner,
      post.taken_at,
      post.place_id,
      batch.source,
      batch.submitted_by,
      batch.network,
      post.tag_ids,
      batch.linked,
      post.langs,
    );
    return inserted.changes === 1 ? Number(inserted.lastInsertRowid) : undefined;
  }

  /** The network's post with this id. */
  storedPost(network: string, postId: string): StoredPost | undefined {
    return this.statements.selectStoredPost.get(network, postId);
  }

  updatePost(id: number, update: PostUpdate): void {
    this.statements.updatePost.run(update.owner, update.place_id, update.tag_ids, update.submitted_by, id);
  }

  /** Writes links to tags (grouped by tag), places and owners (in key order), a statement a row. */
  insertLinks(links: PostLinks): void {
    const tagLink = this.tagLinks.oneRow;
    links.tags.forEachByTag((tagId, time, postRowId) => tagLink.run(tagId, time, postRowId));
    const { places, owners } = links.sortedItems();
    for (const link of places) this.placeLinks.oneRow.run(...link);
    for (const link of owners) this.ownerLinks.oneRow.run(...link);
  }

  /**
   * Adds uses to the daily counts and the daily posts per author (in key order), the latter for the
   * days trending can still read (firstAuthorDay), a statement a row; an author's day taken back to
   * nothing goes.
   */
  addDailyUses(uses: DailyUses, write: UsesWrite): void {
    for (const row of uses.rows()) this.dailyUses.oneRow.run(...row);
    for (const row of uses.authorRows(this.firstAuthorDay(write))) {
      this.dailyAuthors.oneRow.run(...row);
      if (row[3] < 0) this.statements.deleteEmptyAuthorDay.run(row[0], row[1], row[2]);
    }
  }

  /** As post-writes.repository.ts's firstAuthorDay: run once the write's daily uses are in. */
  firstAuthorDay(write: UsesWrite): number {
    const { network } = write;
    const newestDayOfTopTags = isSnapshotNetwork(network)
      ? (this.statements.newestDayOfTopTags.get(network) ?? undefined)
      : undefined;
    return firstTrendingDay(trendingLastDay({ network, today: dayOfEpochMs(write.now), newestDayOfTopTags }));
  }

  /**
   * Adds a batch's words and word-tag pairs to the network's word table (as post-writes.repository.ts's
   * addCaptionWords): a statement a row for a live source's few, ROWS_PER_STATEMENT for an import's many.
   */
  addCaptionWords(network: string, counts: CaptionWordCounts): void {
    if (counts.isEmpty) return;
    writeRows(
      this.captionWords,
      counts.wordRows().map((row) => [network, ...row]),
    );
    writeRows(
      this.captionWordTags,
      counts.pairRows().map((row) => [network, ...row]),
    );
  }

  /**
   * Removes the network's posts with these post ids or owners, with their links (each by its full
   * key: one primary-key lookup); the uses they counted stay. Answers how many it removed.
   */
  removePostsNamed(
    network: string,
    named: { postIds: readonly string[]; owners: readonly string[] },
  ): number {
    const { selectPostOfNetwork, selectPostsOfOwner } = this.statements;
    const rows = new Map<number, LinkedPost>();
    for (const postId of named.postIds) {
      const row = selectPostOfNetwork.get(postId, network);
      if (row) rows.set(row.id, row);
    }
    for (const owner of named.owners) {
      for (const row of selectPostsOfOwner.all(owner, network)) rows.set(row.id, row);
    }
    for (const row of rows.values()) this.removePost(row);
    return rows.size;
  }

  /** Sets each tag's count to its uses from `fromDay` on (one primary-key range per tag). */
  refreshTagCounts(options: { ids: readonly number[]; fromDay: number; source: string; now: number }): void {
    const ids = [...options.ids].sort((a, b) => a - b);
    for (const id of ids) this.statements.refreshCount.run(options.fromDay, options.source, options.now, id);
  }

  /**
   * Tag links in the order added, ROWS_PER_STATEMENT rows a statement, for the pending-links pass,
   * which sorts them itself (a batch of a live source's size writes faster a row a statement).
   */
  startTagLinks(): RowBatch {
    return this.tagLinks.startMany();
  }

  /** Daily uses in the order added, ROWS_PER_STATEMENT rows a statement (as startTagLinks). */
  startDailyUses(): RowBatch {
    return this.dailyUses.startMany();
  }

  /** Daily posts per author in the order added, as startDailyUses. */
  startDailyAuthors(): RowBatch {
    return this.dailyAuthors.startMany();
  }

  /** Links the pending posts up to `lastId` to their places and owners (one row a post at most: SQLite sorts them). */
  linkPendingPlacesAndOwners(lastId: number): void {
    this.statements.linkPendingPlaces.run(lastId);
    this.statements.linkPendingOwners.run(lastId);
  }

  markLinked(lastId: number): void {
    this.statements.markLinked.run(lastId);
  }

  private removePost(row: LinkedPost): void {
    const { deleteTagLink, deletePlaceLink, deleteOwnerLink, deletePost } = this.statements;
    for (const tagId of tagIdsOfPost(row)) deleteTagLink.run(tagId, row.taken_at, row.id);
    if (row.place_id !== null) deletePlaceLink.run(row.place_id, row.taken_at, row.id);
    if (row.owner !== null) deleteOwnerLink.run(row.owner, row.taken_at, row.id);
    deletePost.run(row.id);
  }
}

/** An insert of rows: the statement's head (table and columns), its values per row and its conflict clause. */
interface RowInsert {
  head: string;
  columns: number;
  onConflict: string;
}

const INSERT_TAG_LINKS: RowInsert = {
  head: 'insert into post_hashtags (hashtag_id, taken_at, post_id)',
  columns: 3,
  onConflict: 'on conflict do nothing',
};
const INSERT_PLACE_LINKS: RowInsert = {
  head: 'insert into post_places (place_id, taken_at, post_id)',
  columns: 3,
  onConflict: 'on conflict do nothing',
};
const INSERT_OWNER_LINKS: RowInsert = {
  head: 'insert into post_owners (owner, taken_at, post_id)',
  columns: 3,
  onConflict: 'on conflict do nothing',
};
const ADD_DAILY_USES: RowInsert = {
  head: 'insert into hashtag_daily_uses (hashtag_id, day, uses)',
  columns: 3,
  onConflict: 'on conflict (hashtag_id, day) do update set uses = hashtag_daily_uses.uses + excluded.uses',
};
const ADD_DAILY_AUTHORS: RowInsert = {
  head: 'insert into hashtag_daily_authors (hashtag_id, day, author, posts)',
  columns: 4,
  onConflict:
    'on conflict (hashtag_id, day, author) do update set posts = hashtag_daily_authors.posts + excluded.posts',
};

const ADD_CAPTION_WORDS: RowInsert = {
  head: 'insert into caption_words (network, word, posts, authors, last_day)',
  columns: 5,
  onConflict: `on conflict (network, word) do update set posts = caption_words.posts + excluded.posts,
    authors = caption_words.authors | excluded.authors,
    last_day = max(caption_words.last_day, excluded.last_day)`,
};
const ADD_CAPTION_WORD_TAGS: RowInsert = {
  head: 'insert into caption_word_tags (network, word, hashtag_id, posts, authors, last_day)',
  columns: 6,
  onConflict: `on conflict (network, word, hashtag_id) do update set posts = caption_word_tags.posts + excluded.posts,
    authors = caption_word_tags.authors | excluded.authors,
    last_day = max(caption_word_tags.last_day, excluded.last_day)`,
};

type RowValue = string | number;

function writeRows(statements: RowStatements, rows: readonly RowValue[][]): void {
  if (rows.length < ROWS_PER_STATEMENT) {
    for (const row of rows) statements.oneRow.run(...row);
    return;
  }
  const batch = statements.startMany();
  for (const row of rows) batch.add(...row);
  batch.end();
}

export interface RowBatch {
  add: (...row: RowValue[]) => void;
  end: () => void;
}

/** Rows bound per statement in the pending-links pass: a statement per row cost more than SQLite's own work on it. */
const ROWS_PER_STATEMENT = 1000;

/**
 * One insert of rows, prepared for one row and for ROWS_PER_STATEMENT rows (whose last, shorter
 * statement is prepared as it comes).
 */
class RowStatements {
  readonly oneRow: SqliteDatabase.Statement<RowValue[]>;
  private readonly full: SqliteDatabase.Statement<[RowValue[]]>;

  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly rowInsert: RowInsert,
  ) {
    this.oneRow = sqlite.prepare<RowValue[]>(this.text(1));
    this.full = sqlite.prepare<[RowValue[]]>(this.text(ROWS_PER_STATEMENT));
  }

  startMany(): RowBatch {
    const { columns } = this.rowInsert;
    const values = new Array<RowValue>(ROWS_PER_STATEMENT * columns).fill(0);
    let filled = 0;
    return {
      add: (...row) => {
        for (const value of row) values[filled++] = value;
        if (filled < values.length) return;
        this.full.run(values);
        filled = 0;
      },
      end: () => {
        if (filled > 0) this.sqlite.prepare(this.text(filled / columns)).run(values.slice(0, filled));
      },
    };
  }

  private text(rows: number): string {
    const { head, columns, onConflict } = this.rowInsert;
    const row = `(${Array(columns).fill('?').join(', ')})`;
    return `${head} values ${Array(rows).fill(row).join(', ')} ${onConflict}`;
  }
}

interface Statements {
  selectTag: SqliteDatabase.Statement<[string, string], number>;
  insertTag: SqliteDatabase.Statement<[string, string, number, string, string | null, number]>;
  insertPost: SqliteDatabase.Statement<unknown[]>;
  selectStoredPost: SqliteDatabase.Statement<[string, string], StoredPost>;
  updatePost: SqliteDatabase.Statement<[string | null, string | null, string, string | null, number]>;
  selectPostOfNetwork: SqliteDatabase.Statement<[string, string], LinkedPost>;
  selectPostsOfOwner: SqliteDatabase.Statement<[string, string], LinkedPost>;
  deleteTagLink: SqliteDatabase.Statement<[number, number, number]>;
  deletePlaceLink: SqliteDatabase.Statement<[string, number, number]>;
  deleteOwnerLink: SqliteDatabase.Statement<[string, number, number]>;
  deletePost: SqliteDatabase.Statement<[number]>;
  refreshCount: SqliteDatabase.Statement<[number, string, number, number]>;
  deleteEmptyAuthorDay: SqliteDatabase.Statement<[number, number, string]>;
  newestDayOfTopTags: SqliteDatabase.Statement<[string], number | null>;
  linkPendingPlaces: SqliteDatabase.Statement<[number]>;
  linkPendingOwners: SqliteDatabase.Statement<[number]>;
  markLinked: SqliteDatabase.Statement<[number]>;
}

/** Each one is the statement post-writes.repository.ts builds with Kysely, one row at a time. */
function prepareStatements(sqlite: SqliteDatabase.Database): Statements {
  return {
    selectTag: sqlite
      .prepare<[string, string], number>('select id from hashtags where network = ? and name = ?')
      .pluck(),
    // No RETURNING: SQLite buffers returned rows in a temporary table, 4 µs a post on the full store;
    // the row id comes from lastInsertRowid instead (insertPost: changes 0 when the post is stored).
    insertTag: sqlite.prepare(
      `insert into hashtags (network, name, post_count, count_state, count_source, banned, updated_at)
       values (?, ?, ?, ?, ?, 0, ?)`,
    ),
    insertPost: sqlite.prepare<unknown[]>(
      `insert into posts (post_id, owner, taken_at, place_id, source, submitted_by, network, tag_ids, linked, langs)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (network, post_id) do nothing`,
    ),
    selectStoredPost: sqlite.prepare<[string, string], StoredPost>(
      'select id, owner, place_id, taken_at, tag_ids, linked, submitted_by from posts where network = ? and post_id = ?',
    ),
    updatePost: sqlite.prepare(
      'update posts set owner = ?, place_id = ?, tag_ids = ?, submitted_by = ? where id = ?',
    ),
    selectPostOfNetwork: sqlite.prepare(
      'select id, taken_at, tag_ids, owner, place_id from posts where post_id = ? and network = ?',
    ),
    selectPostsOfOwner: sqlite.prepare(
      `select posts.id, posts.taken_at, posts.tag_ids, posts.owner, posts.place_id from post_owners
       inner join posts on posts.id = post_owners.post_id where post_owners.owner = ? and posts.network = ?`,
    ),
    deleteTagLink: sqlite.prepare(
      'delete from post_hashtags where hashtag_id = ? and taken_at = ? and post_id = ?',
    ),
    deletePlaceLink: sqlite.prepare(
      'delete from post_places where place_id = ? and taken_at = ? and post_id = ?',
    ),
    deleteOwnerLink: sqlite.prepare(
      'delete from post_owners where owner = ? and taken_at = ? and post_id = ?',
    ),
    deletePost: sqlite.prepare('delete from posts where id = ?'),
    refreshCount: sqlite.prepare(
      `update hashtags set post_count = coalesce((select sum(d.uses) from hashtag_daily_uses d
         where d.hashtag_id = hashtags.id and d.day >= ?), 0),
         count_state = 'known', count_source = ?, updated_at = ?
       where id = ?`,
    ),
    deleteEmptyAuthorDay: sqlite.prepare(
      'delete from hashtag_daily_authors where hashtag_id = ? and day = ? and author = ? and posts <= 0',
    ),
    newestDayOfTopTags: sqlite
      .prepare<[string], number | null>(
        `select max(day) from hashtag_daily_uses where hashtag_id in
         (select id from hashtags where network = ? order by post_count desc, name limit 10)`,
      )
      .pluck(),
    linkPendingPlaces: sqlite.prepare(
      `${INSERT_PLACE_LINKS.head}
       select place_id, taken_at, id from posts where linked = 0 and id <= ? and place_id is not null
       order by 1, 2, 3 ${INSERT_PLACE_LINKS.onConflict}`,
    ),
    linkPendingOwners: sqlite.prepare(
      `${INSERT_OWNER_LINKS.head}
       select owner, taken_at, id from posts where linked = 0 and id <= ? and owner is not null
       order by 1, 2, 3 ${INSERT_OWNER_LINKS.onConflict}`,
    ),
    markLinked: sqlite.prepare<[number]>('update posts set linked = 1 where linked = 0 and id <= ?'),
  };
}
