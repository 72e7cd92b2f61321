import { type Kysely, sql } from 'kysely';
import { autoIncrementId, type MigrationDialect } from './portable.js';

/**
 * A feed of changes to what a tag answers (its count, count state or banned flag), written by
 * triggers, so every server process's kept tag rows can follow any writer's changes (decision 020).
 * A tag created by a post (count unknown, not banned) is not written here: the new-post tracker sees
 * its post. Rows are pruned by the readers (new-post-tracker.ts).
 */
export function hashtagChangesMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('hashtag_changes')
        .addColumn('id', autoIncrementId(dialect), (c) => c.primaryKey())
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .execute();
      const differs = dialect === 'postgres' ? 'is distinct from' : 'is not';
      const changed = ['post_count', 'count_state', 'banned']
        .map((column) => `old.${column} ${differs} new.${column}`)
        .join(' or ');
      const created = `new.post_count <> -1 or new.banned <> 0 or new.count_state = 'indexing'`;
      if (dialect === 'postgres') {
        await sql`create function note_hashtag_change() returns trigger language plpgsql as $$
          begin
            if tg_op = 'DELETE' then
              insert into hashtag_changes (network, name) values (old.network, old.name);
            else
              insert into hashtag_changes (network, name) values (new.network, new.name);
            end if;
            return null;
          end $$`.execute(db);
        for (const [name, when] of [
          ['insert', `after insert on hashtags for each row when (${created})`],
          ['update', `after update on hashtags for each row when (${changed})`],
          ['delete', 'after delete on hashtags for each row'],
        ] as const) {
          await sql
            .raw(`create trigger hashtag_change_${name} ${when} execute function note_hashtag_change()`)
            .execute(db);
        }
        return;
      }
      for (const [name, when, row] of [
        ['insert', `after insert on hashtags for each row when ${created}`, 'new'],
        ['update', `after update on hashtags for each row when ${changed}`, 'new'],
        ['delete', 'after delete on hashtags for each row', 'old'],
      ] as const) {
        await sql
          .raw(
            `create trigger hashtag_change_${name} ${when} begin
               insert into hashtag_changes (network, name) values (${row}.network, ${row}.name);
             end`,
          )
          .execute(db);
      }
    },
  };
}
