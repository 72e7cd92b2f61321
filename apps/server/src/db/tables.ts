import type { ColumnType, Generated } from 'kysely';

/**
 * Every table, as Kysely sees it. Booleans are 0/1 integers on both dialects; updated_at is epoch
 * milliseconds, a post's taken_at epoch seconds (as the network gives it; decision 005).
 */
export interface Tables {
  hashtags: HashtagTable;
  places: PlaceTable;
  profiles: ProfileTable;
  posts: PostTable;
  post_hashtags: PostHashtagTable;
  post_places: PostPlaceTable;
  post_owners: PostOwnerTable;
  hashtag_daily_uses: HashtagDailyUsesTable;
  hashtag_daily_authors: HashtagDailyAuthorsTable;
  /** Tags from the words of captions (migration 028, decision 030). */
  caption_words: CaptionWordTable;
  caption_word_tags: CaptionWordTagTable;
  hashtag_changes: HashtagChangeTable;
  // Accounts (migration 003, decision 007). Better Auth's tables keep its camelCase columns.
  users: AuthUserTable;
  sessions: AuthSessionTable;
  auth_accounts: AuthAccountTable;
  verifications: AuthVerificationTable;
  accounts: AccountTable;
  trial_devices: TrialDeviceTable;
  trial_registrations: TrialRegistrationTable;
  trial_mailboxes: TrialMailboxTable;
  pending_signups: PendingSignupTable;
  email_outbox: EmailOutboxTable;
  settings: SettingTable;
  /** Settings a user keeps with the account (migration 021). */
  user_settings: UserSettingTable;
  // Collections (migration 004).
  topics: TopicTable;
  // Prospecting (migration 005, decision 008).
  quarries: QuarryTable;
  quarry_prospects: QuarryProspectTable;
  prospecting_usage: ProspectingUsageTable;
  automation_templates: AutomationTemplateTable;
  // Live sources (migration 009, decision 010).
  source_failures: SourceFailureTable;
  /** Device reports per signed-in account (migration 019, decision 017). */
  source_reports: SourceReportTable;
  // App data, feedback, analytics, admin audit (migration 010).
  app_data: AppDataTable;
  feedback: FeedbackTable;
  analytics_events: AnalyticsEventTable;
  admin_audit: AdminAuditTable;
  // Billing (migration 008, decision 009).
  processed_events: ProcessedEventTable;
  billing_customers: BillingCustomerTable;
  checkout_sessions: CheckoutSessionTable;
  store_purchases: StorePurchaseTable;
  local_billing_customers: LocalBillingCustomerTable;
  local_billing_checkouts: LocalBillingCheckoutTable;
  local_billing_subscriptions: LocalBillingSubscriptionTable;
  local_billing_portal_sessions: LocalBillingPortalSessionTable;
  local_billing_events: LocalBillingEventTable;
  // Crowd reports (migrations 014 and 018, decision 011).
  crowd_reports: CrowdReportTable;
  crowd_items: CrowdItemTable;
  crowd_post_reports: CrowdPostReportTable;
  // The Bluesky firehose (migration 015, decision 013).
  stream_posts_seen: StreamPostSeenTable;
  stream_cursors: StreamCursorTable;
  // A user's own posts, private to them (migration 029, decision 031).
  own_posts: OwnPostTable;
  own_post_tags: OwnPostTagTable;
  own_handles: OwnHandleTable;
  own_post_settings: OwnPostSettingTable;
}

/** A post a stream counted lately (its network and id), so a replayed event is not counted again. */
export interface StreamPostSeenTable {
  /** Keyed (network, post_id) (migration 026), as posts are. */
  network: string;
  post_id: string;
  /** Epoch seconds the stream saw it (Jetstream's time_us / 1e6). */
  seen_at: number;
}

/** Where a stream resumes. */
export interface StreamCursorTable {
  /** 'bluesky'. */
  stream: string;
  /** Jetstream's time_us of the newest event stored. */
  cursor: number;
  instance: string | null;
  updated_at: number;
}

export const CountState = {
  known: 'known',
  unknown: 'unknown',
  lookup: 'lookup',
  indexing: 'indexing',
  pending: 'pending',
} as const;
export type CountState = (typeof CountState)[keyof typeof CountState];

/** One row per (network, name): the same tag on two networks has two counts (migration 013). */
export interface HashtagTable {
  id: Generated<number>;
  /** instagram, bluesky, mastodon or sample (core's Network). */
  network: string;
  name: string;
  /**
   * Posts using the tag on the network (Bluesky: its uses over the last 7 days); meaningful only
   * when count_state is 'known'.
   */
  post_count: number;
  /**
   * known: post_count; unknown: answered -1; lookup (seen in posts, no count): -2; indexing: -1;
   * pending (seen only in crowd reports not yet agreed on): -2, and never suggested (decision 011).
   */
  count_state: CountState;
  banned: number;
  searches: Generated<number>;
  updated_at: number;
  /** Where the served count came from: 'import', 'sample', 'crowd' (agreed), a source's name; null before. */
  count_source: Generated<string | null>;
  /**
   * The name without the accents of its Latin letters (core's foldTagAccents), null where that is the
   * name: a tag's search key, which searches match, is coalesce(search_key, name) (decision 028).
   * Triggers write it with the name (migration 027), so no writer of tags does.
   */
  search_key: ColumnType<string | null, never, never>;
}

export interface PlaceTable {
  id: string;
  title: string;
  /** Lower-cased title, for prefix search. */
  title_key: string;
  post_count: number;
  profile_pic_url: string | null;
  searches: Generated<number>;
  updated_at: number;
  /** Where the values came from: 'import', 'sample', 'crowd' (agreed, decision 011), a source's name. */
  value_source: string | null;
}

export interface ProfileTable {
  id: string;
  username: string;
  full_name: string;
  biography: string;
  followers: number;
  following: number;
  post_count: number;
  is_business_account: number;
  business_category_name: string | null;
  is_private: number;
  is_verified: number;
  profile_pic_url: string | null;
  searches: Generated<number>;
  updated_at: number;
  /** Where the values last written came from, as for places. */
  value_source: string | null;
}

export interface PostTable {
  id: Generated<number>;
  /** The network's id for the post: unique per network, (network, post_id) is its key (migration 026). */
  post_id: string;
  /** The owner's profile id. */
  owner: string | null;
  /** Epoch seconds. */
  taken_at: number;
  place_id: string | null;
  /** Provenance: 'crowd' (cache POSTs), 'sample' (the bundled corpus), 'import' (npm run import). */
  source: string;
  /** The network the post is on; it links only to tags of that network. */
  network: Generated<string>;
  /** The post's tag ids, comma-separated ("12,5,873"): its tags are read with the post. */
  tag_ids: string;
  /** 0 while a bulk import has not yet written the post's links (see linkPendingPosts). */
  linked: Generated<number>;
  /** The account that reported a crowd post; null for trusted sources. */
  submitted_by: Generated<string | null>;
  /** The languages the post declares, comma-separated ("en,pt"); null when unknown (migration 015). */
  langs: Generated<string | null>;
}

/** Keyed (place_id, taken_at, post_id): a place's most recent posts are one primary-key range. */
export interface PostPlaceTable {
  place_id: string;
  taken_at: number;
  post_id: number;
}

/** Keyed (owner, taken_at, post_id): a profile's most recent posts are one primary-key range. */
export interface PostOwnerTable {
  owner: string;
  taken_at: number;
  post_id: number;
}

/** A change to what a tag answers, written by triggers (migration 023, decision 020). */
export interface HashtagChangeTable {
  id: Generated<number>;
  network: string;
  name: string;
}

/** A tag's uses per UTC day (day = whole days since 1970), from every post stored or counted. */
export interface HashtagDailyUsesTable {
  hashtag_id: number;
  day: number;
  uses: number;
}

/**
 * A tag's posts per UTC day and author (features/store/post-author.ts), for "Trending now", which
 * weighs each author a few posts a day (decision 025); a live network keeps the days trending reads.
 */
export interface HashtagDailyAuthorsTable {
  hashtag_id: number;
  day: number;
  author: string;
  posts: number;
}

/** A word of the stored posts' text on a network: its posts and people (core's author sketch), last seen on `last_day`. */
export interface CaptionWordTable {
  network: string;
  word: string;
  posts: number;
  /** 32-bit author sketch; PostgreSQL's bigint comes back as text. */
  authors: ColumnType<number, number, number>;
  last_day: number;
}

/** A word and a tag seen on one post: the posts and people that put them together. */
export interface CaptionWordTagTable {
  network: string;
  word: string;
  hashtag_id: number;
  posts: number;
  authors: ColumnType<number, number, number>;
  last_day: number;
}

/** Keyed (hashtag_id, taken_at, post_id): a tag's most recent posts are one primary-key range. */
export interface PostHashtagTable {
  hashtag_id: number;
  /** Copied from the post. */
  taken_at: number;
  post_id: number;
}

/** Better Auth writes dates as ISO text on SQLite and timestamptz on PostgreSQL; booleans as 0/1 or bool. */
type AuthDate = string | Date;
type AuthBoolean = number | boolean;

export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBoolean;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  isAnonymous: AuthBoolean | null;
  role: string | null;
  banned: AuthBoolean | null;
  banReason: string | null;
  banExpires: AuthDate | null;
}

export interface AuthSessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** What Better Auth does not model: group, trial and billing state, one row per user. Times epoch ms. */
export interface AccountTable {
  user_id: string;
  device_id: string | null;
  group_name: string;
  trial_status: string;
  trial_started_at: number | null;
  trial_expires_at: number | null;
  promo_code: string | null;
  billing_id: string | null;
  /** JSON: [{"status": "..."}], newest first. */
  subscriptions: Generated<string>;
  has_valid_store_subscription: Generated<number>;
  firstname: Generated<string>;
  lastname: Generated<string>;
  instagram_user: string | null;
  language: string | null;
  platform: Generated<string>;
  session_epoch: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface TrialDeviceTable {
  device_id: string;
  /** 'anonymous' | 'email' | 'account' */
  kind: string;
  user_id: string | null;
  platform: string;
  created_at: number;
}

/** The mailbox of each email trial (name+anything@host is name@host): one trial per mailbox (decision 032). */
export interface TrialMailboxTable {
  mailbox: string;
  user_id: string;
  created_at: number;
}

export interface TrialRegistrationTable {
  email: string;
  device_id: string;
  promo_code: string;
  promo_period_days: number;
  firstname: Generated<string>;
  lastname: Generated<string>;
  instagram_user: string | null;
  language: string | null;
  platform: string;
  created_at: number;
}

export interface PendingSignupTable {
  email: string;
  password_hash: string;
  firstname: Generated<string>;
  lastname: Generated<string>;
  created_at: number;
}

export interface EmailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: number;
  sent_at: number | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface UserSettingTable {
  user_id: string;
  /** The export panel's "Copy for" network; null until chosen. */
  copy_network: string | null;
  updated_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
  updated_at: number;
}

/** A collection. JSON text: export_filters {postCount, selectionStrategy, selectionCount}; export, selected, hidden string[]. */
export interface TopicTable {
  /** UUIDv4. */
  topic_id: string;
  owner_id: string;
  creator_id: string;
  title: string;
  /** Epoch ms. */
  created: number;
  /** Epoch ms; grows on every save and is the version a PUT must name. */
  modified: number;
  export_filters: string;
  apply_filter: number;
  export: string;
  export_count: number;
  selected: string;
  hidden: string;
}

/** A saved prospecting search. JSON text: place_ids string[], post_filters, profile_filters. Times epoch ms. */
export interface QuarryTable {
  /** UUIDv4. */
  id: string;
  owner_id: string;
  title: string;
  active: number;
  hidden: number;
  place_ids: string;
  post_filters: string;
  profile_filters: string;
  /** Prospects the latest run found for the first time. */
  new_prospects: Generated<number>;
  /** Prospects the latest run recorded. */
  prospect_count: Generated<number>;
  run_count: Generated<number>;
  last_run_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A profile a quarry has found; kept after it stops matching, so it is never counted new again. */
export interface QuarryProspectTable {
  quarry_id: string;
  profile_id: string;
  /** Epoch ms. */
  first_seen_at: number;
  first_seen_run: number;
  /** The latest run that recorded it; the quarry's prospects are those of its latest run. */
  last_seen_run: number;
  /** Epoch seconds, like posts.taken_at. */
  last_post_at: number;
  matched_posts: number;
}

export interface ProspectingUsageTable {
  owner_id: string;
  /** Epoch ms: the start of the account's current (or last) 30-day period. */
  period_start: number;
  posts_scanned: number;
  prospects_found: number;
  updated_at: number;
}

export interface AutomationTemplateTable {
  owner_id: string;
  /** JSON: the AutomationTemplate of packages/core/src/quarries. */
  document: string;
  updated_at: number;
}

/** A provider's webhook event already applied: inserted in the same transaction as its effect. */
export interface ProcessedEventTable {
  /** 'stripe' | 'local' | 'apple' | 'google' */
  provider: string;
  event_id: string;
  event_type: string;
  /** Epoch ms; rows older than 30 days are deleted. */
  received_at: number;
}

/** A web billing customer as the provider last reported it; user_id once an account holds it. */
export interface BillingCustomerTable {
  provider: string;
  customer_id: string;
  /** Lower-cased; the account that claims the customer must have verified this address. */
  email: string | null;
  user_id: string | null;
  /** JSON: [{id, status, plan, currentPeriodEnd}], newest first. */
  subscriptions: string;
  updated_at: number;
  /** When the account set-up link went to a buyer who paid signed out (once); null before. */
  setup_link_sent_at: number | null;
}

/** A checkout we started: who started it (null when signed out) and for which plan. Times epoch ms. */
export interface CheckoutSessionTable {
  /** Our reference (random), carried through the provider as client_reference_id. */
  id: string;
  provider: string;
  provider_session_id: string | null;
  user_id: string | null;
  plan: string;
  created_at: number;
  expires_at: number;
}

/** An App Store (original transaction id) or Google Play (purchase token) subscription, bound to one account. */
export interface StorePurchaseTable {
  /** 'ios' | 'android' */
  platform: string;
  purchase_key: string;
  user_id: string;
  product_id: string;
  /** 'active' | 'expired' | 'revoked' | 'invalid' */
  status: string;
  /** Epoch ms. */
  expires_at: number;
  /** Google Play: 0 until the purchase is acknowledged (within 3 days, or Google refunds it). */
  acknowledged: Generated<number>;
  created_at: number;
  updated_at: number;
}

// The local billing provider's own side (what Stripe would hold). Times epoch ms.

export interface LocalBillingCustomerTable {
  id: string;
  email: string;
  created_at: number;
}

export interface LocalBillingCheckoutTable {
  id: string;
  plan: string;
  /** An existing customer paying again; else one is made at payment. */
  customer_id: string | null;
  /** Known when a signed-in user started the checkout; else typed on the page. */
  email: string | null;
  client_reference_id: string;
  success_url: string;
  cancel_url: string;
  language: string;
  /** 'open' | 'complete' */
  status: string;
  subscription_id: string | null;
  created_at: number;
  expires_at: number;
}

export interface LocalBillingSubscriptionTable {
  id: string;
  customer_id: string;
  plan: string;
  /** 'active' | 'canceled' */
  status: string;
  current_period_end: number;
  created_at: number;
  updated_at: number;
}

export interface LocalBillingPortalSessionTable {
  id: string;
  customer_id: string;
  return_url: string;
  language: string;
  created_at: number;
  expires_at: number;
}

/** A webhook event the local provider sends (and resends until the server answers 2xx). */
export interface LocalBillingEventTable {
  id: string;
  type: string;
  /** The JSON body, exactly as signed. */
  payload: string;
  created_at: number;
  delivered_at: number | null;
  attempts: Generated<number>;
}

/** How calls to a social network fail: one row per (source, origin, call type, failure class). Times epoch ms. */
export interface SourceFailureTable {
  /** 'mastodon' | 'instagram-web' */
  source: string;
  /** 'server' (our own calls) | 'device' (reported by the apps) */
  origin: string;
  /** 'search:hashtag' ... 'lookup:profile' */
  call: string;
  /** 'block' | 'parse-error' | 'cors' | 'unknown' */
  failure: string;
  count: number;
  first_at: number;
  last_at: number;
  /** Blocks: until when calls of this type are not made (the block flag). */
  blocked_until: number | null;
}

/** The latest report of one kind of failure by one signed-in account (its user id). Times epoch ms. */
export interface SourceReportTable {
  source: string;
  call: string;
  failure: string;
  reporter: string;
  reported_at: number;
}

/** One app-data value (JSON text) per key, edited by administrators. */
export interface AppDataTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string | null;
}

export interface FeedbackTable {
  id: string;
  message: string;
  user_id: string | null;
  device_id: string | null;
  user_group: string;
  platform: string;
  app_version: string | null;
  created_at: number;
}

/** An analytics event; event_id is the client's UUID (retries store it once). Times epoch ms. */
export interface AnalyticsEventTable {
  event_id: string;
  event_type: string;
  message: string | null;
  /** JSON text of the event's props. */
  props: string | null;
  user_id: string | null;
  device_id: string | null;
  platform: string;
  app_version: string;
  user_group: string;
  trial_status: string;
  influencer: string | null;
  /** What the client said; kept, never trusted. */
  client_timestamp: number | null;
  received_at: number;
  /** UTC day of received_at, YYYY-MM-DD. */
  received_day: string;
}

/** An administrator's change (docs/security-policy.md#access-control): who, what, when; details as JSON text. */
export interface AdminAuditTable {
  id: string;
  user_id: string;
  action: string;
  details: string;
  ip: string | null;
  created_at: number;
}

/**
 * A submitter's latest report of one field of one item (decision 011): a tag's count, a place's
 * title, a profile's followers...; served only once enough submitters agree.
 */
export interface CrowdReportTable {
  /** 'hashtag' | 'place' | 'profile' */
  subject: string;
  /** The network the item is on (places and profiles: instagram). */
  network: string;
  /** The tag's name, the place's or the profile's id. */
  item: string;
  /** 'count' for a tag; a place's or a profile's field as the API names it. */
  field: string;
  /** The submitting account's user id. */
  submitter: string;
  device_id: string | null;
  /** The network it came from: the client's /24 or IPv6 /48, not its address (migration 024, decision 025). */
  client_network: string;
  /** The domain of the account's email address, as core's mailDomainOf gives it. */
  mail_domain: string;
  /** Epoch ms the account was made (accounts.created_at). */
  account_created_at: number;
  /** JSON. */
  value: string;
  /** Epoch ms. */
  reported_at: number;
}

/**
 * One account's report of one crowd post (migration 022, decision 011): the post row holds its first
 * reporter's; the others' wait here in case that account is removed.
 */
export interface CrowdPostReportTable {
  /** posts.id */
  post_id: number;
  /** The reporting account's user id. */
  submitter: string;
  owner: string | null;
  place_id: string | null;
  /** The tag ids it reported, comma-separated, as posts.tag_ids. */
  tag_ids: string;
  /** Epoch ms. */
  reported_at: number;
}

/** What the crowd put into an item's served row, and what was there before (JSON objects by field). */
export interface CrowdItemTable {
  subject: string;
  network: string;
  item: string;
  served: string;
  trusted: string;
  updated_at: number;
}

/** A user's own post (migration 029): from an archive they uploaded or a handle they connected. */
export interface OwnPostTable {
  user_id: string;
  /** 'instagram', 'mastodon' or 'bluesky'. */
  network: string;
  /** The network's id for it: an at:// URI, a status URI, or one derived from Instagram's export. */
  post_id: string;
  /** Epoch seconds. */
  posted_at: number;
  /** 'archive' or 'handle'. */
  source: string;
  /** Engagement as the network last said (null from an archive). */
  likes: number | null;
  reposts: number | null;
  replies: number | null;
  quotes: number | null;
  /** Epoch ms. */
  imported_at: number;
}

/** One tag of a user's own post (migration 029). */
export interface OwnPostTagTable {
  user_id: string;
  network: string;
  post_id: string;
  hashtag: string;
}

/** A handle a user connected (migration 029): one per network. */
export interface OwnHandleTable {
  user_id: string;
  network: string;
  handle: string;
  /** Epoch ms. */
  connected_at: number;
  refreshed_at: number | null;
  refresh_error: string | null;
}

/** Whether a user's own tags may feed list suggestions (migration 029). */
export interface OwnPostSettingTable {
  user_id: string;
  /** 0 or 1. */
  suggest_from_own_tags: number;
  /** Epoch ms. */
  updated_at: number;
}
