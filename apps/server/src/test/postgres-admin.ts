import pg from 'pg';

/** One connection to TEST_DATABASE_URL's server, to create and drop the tests' databases. */
export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A digest of the connected database's schema (tables, columns with types and defaults, constraints,
 * indexes, triggers, functions, types): equal for two databases whose schemas are the same.
 */
export async function schemaFingerprint(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ fingerprint: string }>(`
    select md5(string_agg(item, ',' order by item)) as fingerprint from (
      select 'relation ' || c.relname || ' ' || c.relkind::text as item
        from pg_class c where c.relnamespace = 'public'::regnamespace
      union all
      select 'column ' || c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
          || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and not a.attisdropped
      union all
      select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select 'index ' || pg_get_indexdef(indexrelid) from pg_index
        where indrelid in (select oid from pg_class where relnamespace = 'public'::regnamespace)
      union all
      select 'trigger ' || tgrelid::regclass::text || ' ' || tgname from pg_trigger where not tgisinternal
      union all
      select 'function ' || proname from pg_proc where pronamespace = 'public'::regnamespace
      union all
      select 'type ' || typname from pg_type where typnamespace = 'public'::regnamespace
    ) schema`);
  return rows[0]?.fingerprint ?? '';
}
