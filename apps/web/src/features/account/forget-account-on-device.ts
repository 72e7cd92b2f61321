import { discardPendingEvents } from '../appdata/track';
import { useExportList } from '../export/export-store';
import { useSearch } from '../search/search-store';
import { checkTagsDraft } from '../suggest/check-tags-draft';
import { trialSignupDraft } from './trial-signup-draft';

/**
 * After a sign-out or a deleted account: what the device kept of the account for a reload (the export
 * list, the search, a text being checked, a sign-up's address, analytics not yet sent) is not the next
 * person's.
 */
export function forgetAccountOnDevice(): void {
  useExportList.getState().clear();
  useSearch.getState().reset();
  checkTagsDraft.forget();
  trialSignupDraft.forget();
  discardPendingEvents();
}
