import type { Database } from '../db/connect.js';
import { ingestAutocomplete } from '../features/store/store.service.js';

/** A place and a profile as an operator imported them: trusted as they are. */
export const IMPORTED_PLACE = { place_id: 'lisbon1', title: 'Lisbon, Portugal', count: 2_000_000 };
export const IMPORTED_PROFILE = {
  profile_id: 'u1',
  username: 'ana.travels',
  full_name: 'Ana Travels',
  biography: 'Photos from the road',
  followers: 52_000,
  following: 310,
  post_count: 1200,
  is_business_account: false,
  is_private: false,
  is_verified: false,
};

export async function importPlaceAndProfile(database: Database): Promise<void> {
  const target = { network: 'instagram' as const, source: 'import', now: Date.now() };
  await ingestAutocomplete(database, { query: 'lis', places: [IMPORTED_PLACE] }, target);
  await ingestAutocomplete(database, { query: 'ana', users: [IMPORTED_PROFILE] }, target);
}
