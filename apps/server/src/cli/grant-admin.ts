// `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: the only way to make (or
// unmake) an administrator. Works on the database at DATABASE_URL, with the server running or not.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { UserGroup } from '@tagscout/core/access';
import type { Clock } from '../clock.js';
import { ConfigError, loadConfig } from '../config.js';
import { connectDatabase, type Database } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { findUserIdByEmail, setSubscriptionState } from '../features/accounts/accounts.service.js';

export const ADMIN_USAGE = 'Usage: npm run admin -- grant <email> | revoke <email>';

export interface AdminCommandResult {
  code: number;
  message: string;
}

/**
 * grant: the account's group becomes admin (and its Better Auth role admin). revoke: the group
 * becomes free; a paying web subscription still makes the account a customer (the access rules
 * decide from the subscription, not the group), and an account whose billing id is the
 * ADMIN_BILLING_MARKER stays an administrator until that changes.
 */
export async function runAdminCommand(
  store: { database: Database; now: Clock },
  args: readonly string[],
): Promise<AdminCommandResult> {
  const { database } = store;
  const [action, rawEmail, ...rest] = args;
  if ((action !== 'grant' && action !== 'revoke') || !rawEmail || rest.length > 0) {
    return { code: 2, message: ADMIN_USAGE };
  }
  const email = rawEmail.trim().toLowerCase();
  const userId = await findUserIdByEmail(database, email);
  if (!userId) {
    return { code: 1, message: `No account with the email ${email}. Sign up (and verify the email) first.` };
  }
  await setSubscriptionState(
    database,
    userId,
    { group: action === 'grant' ? UserGroup.admin : UserGroup.free },
    store.now(),
  );
  return action === 'grant'
    ? { code: 0, message: `${email} (user ${userId}) is now an administrator.` }
    : { code: 0, message: `${email} (user ${userId}) is no longer an administrator.` };
}

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args[0] === '--help') {
    console.error(ADMIN_USAGE);
    return 2;
  }
  const config = loadConfig();
  const database = connectDatabase(config.DATABASE_URL, (message, error) => console.error(message, error), {
    sqliteMmapMb: config.SQLITE_MMAP_MB,
  });
  try {
    await migrateToLatest(database);
    const result = await runAdminCommand({ database, now: config.now }, args);
    (result.code === 0 ? console.log : console.error)(result.message);
    return result.code;
  } finally {
    await database.close();
  }
}

const isEntryPoint =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isEntryPoint) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : `admin failed: ${String(error)}`);
      process.exit(1);
    },
  );
}
