import { type Kysely, sql } from 'kysely';
import type { MigrationDialect } from './portable.js';

/**
 * Searches find a tag with or without its accents (decision 028). hashtags.search_key is the name
 * with the accents of its Latin letters taken off, as core's foldTagAccents takes them off a typed
 * query, one letter for one; null where that is the name itself, as for nearly every tag. A tag's
 * key is then coalesce(search_key, name), and autocomplete reads one range of hashtags_search, an
 * index on it holding what the answer shows, so sorting the matches reads no table rows. It takes
 * the place of hashtags_prefix (the same on names), so a count update writes no more index entries
 * than before; lookups by name use hashtags_network_name.
 *
 * Triggers write the key when a tag is written, so every writer of tags has it; rows already stored
 * get theirs here. On SQLite the trigger runs only for a name holding a letter of the blocks folded,
 * since it writes the row a second time. Not a generated column: SQLite takes a query reading one as
 * reading every column, so no index short of the whole row would cover it, and PostgreSQL would
 * fold the name again on every count update.
 *
 * The letters are written here as they were folded when this ran: a later change to foldTagAccents
 * needs a migration of its own (027-tag-search-keys.test.ts compares the two on every letter).
 */
export function tagSearchKeysMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') await addPostgresKeys(db);
      else await addSqliteKeys(db);
      await db.schema.dropIndex('hashtags_prefix').ifExists().execute();
      const key = sql`(coalesce(search_key, name)), post_count, count_state, banned, name`;
      // PostgreSQL reads an index alone only when it holds every column the query names.
      const include = dialect === 'postgres' ? sql` include (search_key)` : sql``;
      await sql`create index hashtags_search on hashtags (network, ${key})${include}`.execute(db);
    },
  };
}

async function addPostgresKeys(db: Kysely<unknown>): Promise<void> {
  // A large store's fill takes longer than the pool's statement timeout allows.
  await sql`set local statement_timeout = 0`.execute(db);
  // Byte order, as names have, so a key prefix is one range of the index.
  await sql`alter table hashtags add column search_key text collate "C"`.execute(db);
  const fold = (name: string) => `nullif(translate(${name}, '${ACCENTED}', '${PLAIN}'), ${name})`;
  await sql
    .raw(
      `create function hashtag_search_key() returns trigger language plpgsql as $$
         begin
           new.search_key := case when new.name ~ '${FOLDABLE}' then ${fold('new.name')} end;
           return new;
         end $$`,
    )
    .execute(db);
  await sql`create trigger hashtag_search_key before insert or update of name on hashtags
            for each row execute function hashtag_search_key()`.execute(db);
  await sql.raw(`update hashtags set search_key = ${fold('name')} where name ~ '${FOLDABLE}'`).execute(db);
}

async function addSqliteKeys(db: Kysely<unknown>): Promise<void> {
  await sql`alter table hashtags add column search_key text`.execute(db);
  // SQLite's triggers cannot change the row being written: they write the key just after it.
  const foldable = (name: string) => `${name} glob '*${FOLDABLE}*'`;
  const row = 'where id = new.id';
  await sql
    .raw(
      `create trigger hashtag_search_key_insert after insert on hashtags
       for each row when ${foldable('new.name')} begin
         ${sqliteFoldSteps('new.name', row).join(';\n')};
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger hashtag_search_key_rename after update of name on hashtags for each row begin
         ${sqliteFoldSteps(`case when ${foldable('new.name')} then new.name end`, row).join(';\n')};
       end`,
    )
    .execute(db);
  for (const step of sqliteFoldSteps('name', `where ${foldable('name')}`)) await sql.raw(step).execute(db);
}

/**
 * SQLite has no translate(): one replace() a letter. The replaces are spread over several updates
 * of LETTERS_PER_STEP letters each, because SQLite's own shell (3.40, as Debian ships it) cannot
 * parse an expression nested much more than 30 calls deep, and a store whose schema it cannot parse
 * it cannot read at all. The first update folds `name` (null stays null), the next ones fold the key
 * so far, and the last leaves null where nothing was folded.
 */
function sqliteFoldSteps(name: string, where: string): string[] {
  const accented = [...ACCENTED];
  const plain = [...PLAIN];
  if (accented.length !== plain.length) throw new Error('each accented letter needs its plain letter');
  const steps: string[] = [];
  for (let start = 0; start < accented.length; start += LETTERS_PER_STEP) {
    let folded = start === 0 ? name : 'search_key';
    for (let index = start; index < Math.min(start + LETTERS_PER_STEP, accented.length); index++) {
      folded = `replace(${folded}, '${accented[index]}', '${plain[index]}')`;
    }
    steps.push(`update hashtags set search_key = ${folded} ${where}`);
  }
  steps.push(`update hashtags set search_key = nullif(search_key, name) ${where}`);
  return steps;
}

const LETTERS_PER_STEP = 20;

/** The blocks of the letters folded: Latin-1 Supplement to Latin Extended-B, Latin Extended Additional. */
const FOLDABLE = '[\u00E0-\u024F\u1E00-\u1EFF]';

/** The lower-case Latin letters folded, and each one's letter, in the same order. */
const ACCENTED =
  'àáâãäåçèéêëìíîïðñòóôõöøùúûüýÿāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįıĵķĸĺļľłńņňŋōŏőŕŗřśŝşšţťŧũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǧǩǫǭǰǵǹǻǿ' +
  'ȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳ' +
  'ḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿ' +
  'ẁẃẅẇẉẋẍẏẑẓẕẖẗẘẙạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ';
const PLAIN =
  'aaaaaaceeeeiiiidnoooooouuuuyyaaaccccddeeeeegggghhiiiiijkkllllnnnnooorrrsssstttuuuuuuwyzzzouaiouuuuuaagkoojgnao' +
  'aaeeiioorruusthaeooooy' +
  'abbbcdddddeeeeefghhhhhiikkkllllmmmnnnnoooopprrrrsssssttttuuuuuvv' +
  'wwwwwxxyzzzhtwyaaaaaaaaaaaaeeeeeeeeiioooooooooooouuuuuuuyyyy';
