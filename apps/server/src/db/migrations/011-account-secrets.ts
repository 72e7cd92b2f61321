import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * sessions.token holds the SHA-256 of the session token (features/sessions/session-token-hash.ts),
 * so a copy of the database signs no one in. Tokens already issued are hashed in place and keep
 * working, as their clients hold the raw value.
 */
export function accountSecretsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      const raw = db as Kysely<{ sessions: { id: string; token: string } }>;
      const sessions = await raw.selectFrom('sessions').select(['id', 'token']).execute();
      for (const { id, token } of sessions) {
        const hashed = createHash('sha256').update(token).digest('base64url');
        await raw.updateTable('sessions').set({ token: hashed }).where('id', '=', id).execute();
      }
    },
  };
}
