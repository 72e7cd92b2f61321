// A table belongs to one feature and only its repositories touch it (docs/tables.md, checked by
// `npm run lint`). Reads the owners and the named shared uses from docs/tables.md, finds the tables each
// server file reads (selectFrom, joins; raw SQL `from`, `join`) and writes (insertInto, updateTable,
// deleteFrom; raw SQL `into`, `update`, `delete from`), and lists every use the document does not allow.
// Node built-ins only. `node scripts/check-table-owners.mjs --list` prints every use it found.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = 'apps/server/src/';
const DOC = 'docs/tables.md';
/** As in .dependency-cruiser.cjs: tests and their helpers set up and inspect data directly. */
const TESTS = /(\.test\.tsx?$|^apps\/server\/src\/test\/|\/testing\/|-test-(data|helpers)\.ts$)/;
/** Migrations build every table; they belong to no feature. */
const MIGRATIONS = /^apps\/server\/src\/db\/migrations\//;
const KYSELY_CALL =
  /\.(selectFrom|insertInto|replaceInto|mergeInto|updateTable|deleteFrom|(?:inner|left|right|full|cross)Join(?:Lateral)?)\(\s*([^,)]*)/g;
const KYSELY_WRITES = new Set(['insertInto', 'replaceInto', 'mergeInto', 'updateTable', 'deleteFrom']);
const RAW_SQL = /\b(delete\s+from|from|join|into|update)\s+["`]?([a-z_][a-z0-9_]*)/gi;

/** The owners and shared uses written in docs/tables.md. */
export function parseTableDoc(markdown) {
  const owners = new Map();
  const shared = [];
  for (const cells of tableRows(section(markdown, 'Owners'))) {
    const [table, feature] = cells;
    if (owners.has(table)) throw new Error(`${DOC}: ${table} has two owners`);
    owners.set(table, feature);
  }
  for (const cells of tableRows(section(markdown, 'Shared'))) {
    const [feature, verb, tables, reason] = cells;
    if (verb !== 'reads' && verb !== 'writes')
      throw new Error(`${DOC}: "${verb}" is neither reads nor writes`);
    if (!reason) throw new Error(`${DOC}: ${feature} ${verb} ${tables} without a reason`);
    const kind = verb === 'reads' ? 'read' : 'write';
    for (const table of tables.split(',').map((name) => name.trim())) shared.push({ feature, kind, table });
  }
  return { owners, shared };
}

/** Tables a source file touches, each with read or write and its line. */
export function findTableUses(source, isTable) {
  const text = withoutComments(source);
  const lineOf = (index) => text.slice(0, index).split('\n').length;
  const uses = [];
  for (const match of text.matchAll(KYSELY_CALL)) {
    const kind = KYSELY_WRITES.has(match[1]) ? 'write' : 'read';
    for (const table of kyselyTables(match[2], text)) uses.push({ table, kind, line: lineOf(match.index) });
  }
  for (const match of text.matchAll(RAW_SQL)) {
    if (!isTable(match[2])) continue;
    const kind = /^(from|join)$/i.test(match[1]) ? 'read' : 'write';
    uses.push({ table: match[2], kind, line: lineOf(match.index) });
  }
  return uses;
}

/**
 * Every use the document does not allow: a table with no owner, a table touched outside a
 * repository, another feature's table without a shared line, and shared lines no code needs.
 */
export function checkTableOwners({ doc, files, schemaTables, createdTables }) {
  const { owners, shared } = doc;
  const problems = [];
  for (const table of schemaTables) {
    if (!owners.has(table)) problems.push(`${DOC}: table ${table} (db/tables.ts) has no owner`);
  }
  for (const table of owners.keys()) {
    if (!schemaTables.has(table) && !createdTables.has(table)) {
      problems.push(`${DOC}: ${table} is not a table (neither in db/tables.ts nor created by a migration)`);
    }
  }
  const listed = new Set();
  for (const use of shared) {
    const key = `${use.feature} ${use.table}`;
    if (listed.has(key)) problems.push(`${DOC}: ${use.feature} and ${use.table} are on two Shared lines`);
    listed.add(key);
  }
  const isTable = (name) => owners.has(name) || schemaTables.has(name);
  /** "feature kind table" of every shared use found. */
  const used = new Set();
  for (const { path, text } of files) {
    if (TESTS.test(path) || MIGRATIONS.test(path)) continue;
    const feature = featureOf(path);
    for (const { table, kind, line } of findTableUses(text, isTable)) {
      const where = `${path}:${line}`;
      const owner = owners.get(table);
      if (!owner) {
        problems.push(`${where}: ${table} has no owner in ${DOC}`);
        continue;
      }
      if (feature !== 'db' && !path.endsWith('.repository.ts')) {
        problems.push(`${where}: ${kind}s ${table} outside a repository`);
        continue;
      }
      if (feature === owner) continue;
      const allowed = shared.find(
        (use) => use.feature === feature && use.table === table && (use.kind === 'write' || kind === 'read'),
      );
      if (allowed) {
        used.add(`${feature} ${kind} ${table}`);
        continue;
      }
      problems.push(
        `${where}: ${feature ?? 'this file'} ${kind}s ${table}, which belongs to ${owner}: go through ${owner}'s service, or name the use under "Shared" in ${DOC} with its reason`,
      );
    }
  }
  for (const use of shared) {
    if (used.has(`${use.feature} ${use.kind} ${use.table}`)) continue;
    const verb = use.kind === 'read' ? 'reads' : 'writes';
    const fix =
      use.kind === 'write' && used.has(`${use.feature} read ${use.table}`) ? 'make it "reads"' : 'remove it';
    problems.push(
      `${DOC}: "${use.feature} ${verb} ${use.table}" is under Shared, but no repository of ${use.feature} does: ${fix}`,
    );
  }
  return problems;
}

/** The feature a server file belongs to: features/<f>/ -> f, db/ -> db, else null (owns no table). */
function featureOf(path) {
  const feature = /^apps\/server\/src\/features\/([^/]+)\//.exec(path);
  if (feature) return feature[1];
  return path.startsWith(`${SERVER}db/`) ? 'db' : null;
}

/** The table names in a Kysely call's first argument: 'name', 'name as alias', an array of them, or a constant. */
function kyselyTables(argument, text) {
  const literals = [...argument.matchAll(/'([a-z_][a-z0-9_]*)(?:\s+as\s+\w+)?'/g)].map((match) => match[1]);
  if (literals.length > 0 || !/^\w+$/.test(argument)) return literals;
  // An identifier: a constant or a loop over literal names; else a subquery, whose own calls are read.
  const constant = new RegExp(`\\bconst\\s+${argument}\\s*=\\s*'([a-z_][a-z0-9_]*)'`).exec(text);
  if (constant) return [constant[1]];
  const loop = new RegExp(`\\bfor\\s*\\(\\s*const\\s+${argument}\\s+of\\s+\\[([^\\]]*)\\]`).exec(text);
  return loop ? [...loop[1].matchAll(/'([a-z_][a-z0-9_]*)'/g)].map((match) => match[1]) : [];
}

function withoutComments(source) {
  // Keeps line breaks, so line numbers stay right; '://' in a string is not a comment.
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

function section(markdown, title) {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`${DOC} has no "## ${title}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

function tableRows(text) {
  return text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.replaceAll('`', '').trim()),
    );
}

function serverFiles(root) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) found.push(relative(root, path));
    }
  };
  walk(join(root, SERVER));
  return found.sort();
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const read = (path) => readFileSync(join(root, path), 'utf8');
  const schema = read(`${SERVER}db/tables.ts`);
  const tablesBlock = /export interface Tables \{([\s\S]*?)\n\}/.exec(schema)[1];
  const schemaTables = new Set([...tablesBlock.matchAll(/^\s+([a-z_]+):/gm)].map((match) => match[1]));
  const files = serverFiles(root).map((path) => ({ path, text: read(path) }));
  const createdTables = new Set(
    files
      .filter(({ path }) => MIGRATIONS.test(path))
      .flatMap(({ text }) => [...text.matchAll(/createTable\('([a-z_]+)'\)/g)].map((match) => match[1])),
  );
  if (process.argv.includes('--list')) {
    const isTable = (name) => schemaTables.has(name) || createdTables.has(name);
    for (const { path, text } of files) {
      if (TESTS.test(path) || MIGRATIONS.test(path)) continue;
      const uses = findTableUses(text, isTable).map(({ table, kind }) => `${kind} ${table}`);
      if (uses.length) console.log(`${path}: ${[...new Set(uses)].join(', ')}`);
    }
    return;
  }
  const problems = checkTableOwners({ doc: parseTableDoc(read(DOC)), files, schemaTables, createdTables });
  if (problems.length === 0) return;
  console.error(
    `Table owners (${DOC}): ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
