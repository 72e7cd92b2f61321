import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { bigint, type MigrationDialect } from './portable.js';

/**
 * Accounts (decision 007): Better Auth's four tables, with the exact columns its Kysely adapter
 * expects for our plugins (anonymous: isAnonymous; admin: role, banned, banReason, banExpires,
 * impersonatedBy), renamed to users, sessions, auth_accounts and verifications; then our own tables
 * for what Better Auth does not model: the account state (group, trial, billing), the trial
 * devices, pending email trials and sign-ups, the email outbox, throttle counters and settings.
 */
export function accountsMigration(dialect: MigrationDialect) {
  return {
    async up(db: Kysely<unknown>) {
      const isPostgres = dialect === 'postgres';
      const date = isPostgres ? sql`timestamptz` : sql`date`;
      const bool = isPostgres ? sql`boolean` : sql`integer`;
      // Better Auth's PostgreSQL schema gives these timestamps a default; its SQLite one does not.
      const createdAt = (c: ColumnDefinitionBuilder) =>
        isPostgres ? c.defaultTo(sql`CURRENT_TIMESTAMP`) : c;

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('emailVerified', bool, (c) => c.notNull())
        .addColumn('image', 'text')
        .addColumn('createdAt', date, (c) => createdAt(c.notNull()))
        .addColumn('updatedAt', date, (c) => createdAt(c.notNull()))
        .addColumn('isAnonymous', bool)
        .addColumn('role', 'text')
        .addColumn('banned', bool)
        .addColumn('banReason', 'text')
        .addColumn('banExpires', date)
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('createdAt', date, (c) => createdAt(c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .addColumn('ipAddress', 'text')
        .addColumn('userAgent', 'text')
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('impersonatedBy', 'text')
        .execute();
      await db.schema.createIndex('sessions_userId_idx').on('sessions').column('userId').execute();

      await db.schema
        .createTable('auth_accounts')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('accountId', 'text', (c) => c.notNull())
        .addColumn('providerId', 'text', (c) => c.notNull())
        .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('accessToken', 'text')
        .addColumn('refreshToken', 'text')
        .addColumn('idToken', 'text')
        .addColumn('accessTokenExpiresAt', date)
        .addColumn('refreshTokenExpiresAt', date)
        .addColumn('scope', 'text')
        .addColumn('password', 'text')
        .addColumn('createdAt', date, (c) => createdAt(c.notNull()))
        .addColumn('updatedAt', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_accounts_userId_idx').on('auth_accounts').column('userId').execute();

      await db.schema
        .createTable('verifications')
        .addColumn('id', 'text', (c) => c.notNull().primaryKey())
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('expiresAt', date, (c) => c.notNull())
        .addColumn('createdAt', date, (c) => createdAt(c.notNull()))
        .addColumn('updatedAt', date, (c) => createdAt(c.notNull()))
        .execute();
      await db.schema
        .createIndex('verifications_identifier_idx')
        .on('verifications')
        .column('identifier')
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('device_id', 'text')
        .addColumn('group_name', 'text', (c) => c.notNull())
        .addColumn('trial_status', 'text', (c) => c.notNull())
        .addColumn('trial_started_at', bigint(dialect))
        .addColumn('trial_expires_at', bigint(dialect))
        .addColumn('promo_code', 'text')
        .addColumn('billing_id', 'text')
        .addColumn('subscriptions', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('has_valid_store_subscription', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('instagram_user', 'text')
        .addColumn('language', 'text')
        .addColumn('platform', 'text', (c) => c.notNull().defaultTo('web'))
        .addColumn('session_epoch', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_device').on('accounts').column('device_id').execute();
      await db.schema.createIndex('accounts_billing').on('accounts').column('billing_id').execute();

      // One row per device id that ever started a trial: it outlives the (anonymous) user.
      await db.schema
        .createTable('trial_devices')
        .addColumn('device_id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .execute();

      // An email trial between trialRegister and verifyAccount.
      await db.schema
        .createTable('trial_registrations')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('promo_code', 'text', (c) => c.notNull())
        .addColumn('promo_period_days', 'real', (c) => c.notNull())
        .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('instagram_user', 'text')
        .addColumn('language', 'text')
        .addColumn('platform', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('trial_registrations_device')
        .on('trial_registrations')
        .column('device_id')
        .execute();

      // A password sign-up between sign-up and verify-email: the password is attached only once
      // the code proves the address, so an unverified account never holds a password.
      await db.schema
        .createTable('pending_signups')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('billing_id', 'text')
        .addColumn('firstname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('lastname', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('email_outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body_text', 'text', (c) => c.notNull())
        .addColumn('created_at', bigint(dialect), (c) => c.notNull())
        .addColumn('sent_at', bigint(dialect))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('email_outbox_to')
        .on('email_outbox')
        .columns(['to_address', 'created_at'])
        .execute();

      await db.schema
        .createTable('auth_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('window_start', bigint(dialect), (c) => c.notNull())
        .addColumn('locked_until', bigint(dialect), (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', bigint(dialect), (c) => c.notNull())
        .execute();
    },
  };
}
