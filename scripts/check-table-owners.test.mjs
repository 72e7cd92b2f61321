import { describe, expect, it } from 'vitest';
import { checkTableOwners, findTableUses, parseTableDoc } from './check-table-owners.mjs';

const DOC = `# Tables

## Owners

| table | owner | holds |
| --- | --- | --- |
| \`topics\` | topics | collections |
| \`posts\` | store | posts |
| \`auth_limits\` | guess-limits | counters |

## Shared

| feature | uses | tables | why |
| --- | --- | --- | --- |
| related | reads | \`posts\` | related lists are counted from posts |
`;

const REPO = 'apps/server/src/features';
const schemaTables = new Set(['topics', 'posts']);
const createdTables = new Set(['auth_limits']);

function check(files, doc = DOC) {
  return checkTableOwners({ doc: parseTableDoc(doc), files, schemaTables, createdTables });
}

describe('findTableUses', () => {
  const isTable = (name) => schemaTables.has(name);

  it('reads Kysely calls, aliases, joins and raw SQL, and skips comments', () => {
    const source = [
      "db.selectFrom('topics as t').innerJoin('posts', 'posts.id', 't.id')",
      "db.deleteFrom('topics')",
      "// db.insertInto('posts')",
      'sql`insert into posts (id) select id from topics`',
    ].join('\n');
    expect(findTableUses(source, isTable)).toEqual([
      { table: 'topics', kind: 'read', line: 1 },
      { table: 'posts', kind: 'read', line: 1 },
      { table: 'topics', kind: 'write', line: 2 },
      { table: 'posts', kind: 'write', line: 4 },
      { table: 'topics', kind: 'read', line: 4 },
    ]);
  });

  it('resolves a constant or a loop over names, and leaves a subquery to its own calls', () => {
    const source = [
      "const TABLE = 'topics';",
      'db.updateTable(TABLE)',
      "for (const table of ['posts', 'topics'] as const) db.deleteFrom(table)",
      "const top = db.selectFrom('posts'); db.selectFrom(top)",
    ].join('\n');
    expect(findTableUses(source, isTable).map(({ table, kind }) => `${kind} ${table}`)).toEqual([
      'write topics',
      'write posts',
      'write topics',
      'read posts',
    ]);
  });
});

describe('checkTableOwners', () => {
  const related = { path: `${REPO}/related/related.repository.ts`, text: "db.selectFrom('posts')" };

  it('passes the owner and a named shared read', () => {
    const files = [{ path: `${REPO}/topics/topics.repository.ts`, text: "db.insertInto('topics')" }, related];
    expect(check(files)).toEqual([]);
  });

  it("fails another feature's table, a shared read that writes, and SQL outside a repository", () => {
    const files = [
      { path: `${REPO}/topics/topics.repository.ts`, text: "db.selectFrom('posts')" },
      {
        path: `${REPO}/related/related.repository.ts`,
        text: "db.selectFrom('posts')\ndb.updateTable('posts')",
      },
      { path: `${REPO}/topics/topics.service.ts`, text: "db.selectFrom('topics')" },
    ];
    const problems = check(files);
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/topics\.repository\.ts:1: topics reads posts, which belongs to store/);
    expect(problems[1]).toMatch(/related\.repository\.ts:2: related writes posts, which belongs to store/);
    expect(problems[2]).toMatch(/topics\.service\.ts:1: reads topics outside a repository/);
  });

  it('fails a table without an owner, an owner of no table and a shared line no code needs', () => {
    const doc = DOC.replace('| `topics` | topics | collections |\n', '').replace(
      'auth_limits',
      'auth_limitz',
    );
    expect(check([], doc)).toEqual([
      'docs/tables.md: table topics (db/tables.ts) has no owner',
      'docs/tables.md: auth_limitz is not a table (neither in db/tables.ts nor created by a migration)',
      'docs/tables.md: "related reads posts" is under Shared, but no repository of related does: remove it',
    ]);
  });

  it('leaves tests, test helpers and migrations out', () => {
    const files = [
      { path: `${REPO}/topics/topics.test.ts`, text: "db.deleteFrom('posts')" },
      { path: 'apps/server/src/test/test-users.ts', text: "db.deleteFrom('posts')" },
      { path: 'apps/server/src/db/migrations/001-store.ts', text: "db.deleteFrom('posts')" },
      related,
    ];
    expect(check(files)).toEqual([]);
  });
});
