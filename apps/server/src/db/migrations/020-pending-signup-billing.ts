import type { Kysely } from 'kysely';

/** A sign-up no longer carries a billing id (a purchase is claimed by the verified paying address). */
export function pendingSignupBillingMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('pending_signups').dropColumn('billing_id').execute();
    },
  };
}
