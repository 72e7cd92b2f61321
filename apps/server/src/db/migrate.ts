import { type Migration, Migrator } from 'kysely';
import type { Database } from './connect.js';
import { storeMigration } from './migrations/001-store.js';
import { linkOrderMigration } from './migrations/002-link-order.js';
import { accountsMigration } from './migrations/003-accounts.js';
import { pendingLinksMigration } from './migrations/003-pending-links.js';
import { topicsMigration } from './migrations/004-topics.js';
import { quarriesMigration } from './migrations/005-quarries.js';
import { hashtagSearchMigration } from './migrations/006-hashtag-search.js';
import { placeOwnerLinksMigration } from './migrations/007-place-owner-links.js';
import { billingMigration } from './migrations/008-billing.js';
import { sourceFailuresMigration } from './migrations/009-source-failures.js';
import { appDataMigration } from './migrations/010-app-data.js';
import { accountSecretsMigration } from './migrations/011-account-secrets.js';
import { authLimitsMigration } from './migrations/011-auth-limits.js';
import { billingSetupLinkMigration } from './migrations/012-billing-setup-link.js';
import { networksMigration } from './migrations/013-networks.js';
import { crowdReportsMigration } from './migrations/014-crowd-reports.js';
import { blueskyStreamMigration } from './migrations/015-bluesky-stream.js';
import { trendsMigration } from './migrations/016-trends.js';
import { crowdItemsMigration } from './migrations/018-crowd-items.js';
import { sourceReportsMigration } from './migrations/019-source-reports.js';
import { pendingSignupBillingMigration } from './migrations/020-pending-signup-billing.js';
import { userSettingsMigration } from './migrations/021-user-settings.js';
import { crowdPostReportsMigration } from './migrations/022-crowd-post-reports.js';
import { hashtagChangesMigration } from './migrations/023-hashtag-changes.js';
import { crowdReportersMigration } from './migrations/024-crowd-reporters.js';
import { trendingAuthorsMigration } from './migrations/025-trending-authors.js';
import { postIdsPerNetworkMigration } from './migrations/026-post-ids-per-network.js';
import { tagSearchKeysMigration } from './migrations/027-tag-search-keys.js';
import { captionWordsMigration } from './migrations/028-caption-words.js';
import { ownPostsMigration } from './migrations/029-own-posts.js';
import { trialMailboxesMigration } from './migrations/030-trial-mailboxes.js';

/** One ordered list of migrations; each runs on both dialects. */
export function listMigrations(dialect: Database['dialect']): Record<string, Migration> {
  return {
    '001-store': storeMigration(dialect),
    '002-link-order': linkOrderMigration(dialect),
    '003-pending-links': pendingLinksMigration(),
    '003-accounts': accountsMigration(dialect),
    '004-topics': topicsMigration(dialect),
    '005-quarries': quarriesMigration(dialect),
    '006-hashtag-search': hashtagSearchMigration(),
    '007-place-owner-links': placeOwnerLinksMigration(dialect),
    '008-billing': billingMigration(dialect),
    '009-source-failures': sourceFailuresMigration(dialect),
    '010-app-data': appDataMigration(dialect),
    '011-account-secrets': accountSecretsMigration(),
    '011-auth-limits': authLimitsMigration(),
    '012-billing-setup-link': billingSetupLinkMigration(dialect),
    '013-networks': networksMigration(dialect),
    '014-crowd-reports': crowdReportsMigration(dialect),
    '015-bluesky-stream': blueskyStreamMigration(dialect),
    '016-trends': trendsMigration(),
    '018-crowd-items': crowdItemsMigration(dialect),
    '019-source-reports': sourceReportsMigration(dialect),
    '020-pending-signup-billing': pendingSignupBillingMigration(),
    '021-user-settings': userSettingsMigration(dialect),
    '022-crowd-post-reports': crowdPostReportsMigration(dialect),
    '023-hashtag-changes': hashtagChangesMigration(dialect),
    '024-crowd-reporters': crowdReportersMigration(dialect),
    '025-trending-authors': trendingAuthorsMigration(dialect),
    '026-post-ids-per-network': postIdsPerNetworkMigration(dialect),
    '027-tag-search-keys': tagSearchKeysMigration(dialect),
    '028-caption-words': captionWordsMigration(dialect),
    '029-own-posts': ownPostsMigration(dialect),
    '030-trial-mailboxes': trialMailboxesMigration(dialect),
  };
}

export async function migrateToLatest(database: Database): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => listMigrations(database.dialect) },
    // Features land their migrations independently (none depends on another's tables), so a
    // store that already ran a later-numbered one still gets an earlier one that arrived after it.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
