import { createHash } from 'node:crypto';
import type { DBAdapter, DBTransactionAdapter, Where } from 'better-auth/types';

/**
 * Session tokens stored as their SHA-256 (docs/decisions/007-auth.md): Better Auth has no option
 * for it, so its database adapter is wrapped. Every token it writes or looks up is hashed on the
 * way to the database; a row found by its token gets the caller's raw token back, so cookie
 * signing and sliding expiry work as before. A row listed any other way (list-sessions) carries
 * only the hash, which signs no one in.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const SESSION_MODELS = new Set(['session', 'sessions']);

type AnyAdapter = DBAdapter | DBTransactionAdapter;

export function withHashedSessionTokens<A extends AnyAdapter>(adapter: A): A {
  const isSession = (model: string) => SESSION_MODELS.has(model);
  const hashWhere = (where: Where[] | undefined) =>
    where?.map((clause) =>
      clause.field === 'token' ? { ...clause, value: hashValue(clause.value) } : clause,
    );
  const rawTokenOf = (where: Where[] | undefined) => {
    const clause = where?.find((item) => item.field === 'token' && (item.operator ?? 'eq') === 'eq');
    return typeof clause?.value === 'string' ? clause.value : null;
  };
  const restore = <T>(row: T, token: string | null): T => {
    if (!row || token === null || typeof row !== 'object') return row;
    const record = row as Record<string, unknown>;
    if (record.token !== hashSessionToken(token)) return row;
    return { ...record, token } as T;
  };
  const hashData = <D extends object>(data: D): D =>
    'token' in data && typeof data.token === 'string'
      ? { ...data, token: hashSessionToken(data.token) }
      : data;

  const wrapped: AnyAdapter = {
    ...adapter,
    async create<T extends Record<string, unknown>, R = T>(input: Parameters<AnyAdapter['create']>[0]) {
      if (!isSession(input.model)) return adapter.create<T, R>(input as never);
      const raw = (input.data as Record<string, unknown>).token;
      const row = await adapter.create<T, R>({ ...input, data: hashData(input.data) as never });
      return restore(row, typeof raw === 'string' ? raw : null);
    },
    async findOne<T>(input: Parameters<AnyAdapter['findOne']>[0]) {
      if (!isSession(input.model)) return adapter.findOne<T>(input);
      const row = await adapter.findOne<T>({ ...input, where: hashWhere(input.where) ?? [] });
      return restore(row, rawTokenOf(input.where));
    },
    async findMany<T>(input: Parameters<AnyAdapter['findMany']>[0]) {
      if (!isSession(input.model)) return adapter.findMany<T>(input);
      const rows = await adapter.findMany<T>({ ...input, where: hashWhere(input.where) });
      const token = rawTokenOf(input.where);
      return rows.map((row) => restore(row, token));
    },
    async count(input) {
      return adapter.count(isSession(input.model) ? { ...input, where: hashWhere(input.where) } : input);
    },
    async update<T>(input: Parameters<AnyAdapter['update']>[0]) {
      if (!isSession(input.model)) return adapter.update<T>(input);
      const row = await adapter.update<T>({
        ...input,
        where: hashWhere(input.where) ?? [],
        update: hashData(input.update),
      });
      return restore(row, rawTokenOf(input.where));
    },
    async updateMany(input) {
      if (!isSession(input.model)) return adapter.updateMany(input);
      return adapter.updateMany({
        ...input,
        where: hashWhere(input.where) ?? [],
        update: hashData(input.update),
      });
    },
    async delete(input) {
      return adapter.delete(
        isSession(input.model) ? { ...input, where: hashWhere(input.where) ?? [] } : input,
      );
    },
    async deleteMany(input) {
      return adapter.deleteMany(
        isSession(input.model) ? { ...input, where: hashWhere(input.where) ?? [] } : input,
      );
    },
    async consumeOne<T>(input: Parameters<AnyAdapter['consumeOne']>[0]) {
      if (!isSession(input.model)) return adapter.consumeOne<T>(input);
      const row = await adapter.consumeOne<T>({ ...input, where: hashWhere(input.where) ?? [] });
      return restore(row, rawTokenOf(input.where));
    },
    async incrementOne<T>(input: Parameters<AnyAdapter['incrementOne']>[0]) {
      if (!isSession(input.model)) return adapter.incrementOne<T>(input);
      const row = await adapter.incrementOne<T>({ ...input, where: hashWhere(input.where) ?? [] });
      return restore(row, rawTokenOf(input.where));
    },
  };
  if ('transaction' in adapter) {
    (wrapped as DBAdapter).transaction = (callback) =>
      (adapter as DBAdapter).transaction((trx) => callback(withHashedSessionTokens(trx)));
  }
  return wrapped as A;
}

function hashValue(value: Where['value']): Where['value'] {
  if (typeof value === 'string') return hashSessionToken(value);
  if (Array.isArray(value)) return value.map((item) => hashSessionToken(String(item)));
  return value;
}
