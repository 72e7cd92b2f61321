import { randomUUID } from 'node:crypto';
import type { TestViewer, TestViewerKind } from './test-users.js';

/**
 * THE ACCESS MATRIX: every /api route, called as each kind of visitor, with the answer expected.
 * "deny" is 401 unauthorized or 403 forbidden; "allow" is any other answer below 500 (a 400 for a
 * wrong code or a 404 for a missing topic still means the guard let the visitor through).
 *
 * Adding an /api route? Add a row here (copy the closest one). A route without a row fails.
 * `url` may use {userId} and {deviceId} (the visitor's own); `body` must pass the route's schema
 * so the request reaches its guard; `freshViewer` when the call ends the visitor's session.
 */
export type Answer = 'allow' | 'deny';
export type Expected = Record<TestViewerKind, Answer>;

export interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered, e.g. /api/topics/:topicId. */
  route: string;
  /** The URL to call; the route itself when absent. */
  url?: string;
  body?: () => unknown;
  expect: Expected;
  freshViewer?: boolean;
}

const every = (answer: Answer): Expected => ({
  none: answer,
  anonymousTrial: answer,
  emailTrial: answer,
  expiredTrial: answer,
  paying: answer,
  admin: answer,
  free: answer,
});
const EVERYONE = every('allow');
/** Any session: an anonymous trial counts. */
const WITH_SESSION: Expected = { ...every('allow'), none: 'deny' };
/** A registered account: no anonymous visitor or anonymous trial (the crowd cache, decision 011). */
const REGISTERED: Expected = { ...every('allow'), none: 'deny', anonymousTrial: 'deny' };
/** Collections (canUseCollections, canSaveTopics): trials in time, paying users, admins. */
const COLLECTIONS: Expected = { ...every('allow'), none: 'deny', expiredTrial: 'deny', free: 'deny' };
const ADMIN_ONLY: Expected = { ...every('deny'), admin: 'allow' };
/** Manage Account (canManageAccount): web customers only. */
const WEB_CUSTOMERS: Expected = { ...every('deny'), paying: 'allow' };

const email = () => `matrix-${randomUUID()}@example.com`;
const STRONG = 'Matrix-Password-42';
export const someId = '00000000-0000-4000-8000-000000000000';
const topic = () => ({ title: 'Matrix', export: ['travel', 'beach'] });

export const ACCESS_MATRIX: Row[] = [
  { method: 'GET', route: '/api/health', expect: EVERYONE },

  // Identity (ours) and Better Auth's own session endpoints
  {
    method: 'POST',
    route: '/api/account/sign-up',
    body: () => ({ email: email(), password: STRONG, passwordConfirm: STRONG }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/verify-email',
    body: () => ({ email: email(), code: '123456' }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/resend-code',
    body: () => ({ email: email(), purpose: 'verify-email' }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/sign-in',
    body: () => ({ email: email(), password: STRONG }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/forgot-password',
    body: () => ({ email: email() }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/reset-password',
    body: () => ({ email: email(), code: '123456', password: STRONG, passwordConfirm: STRONG }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/sign-in-code',
    body: () => ({ email: email() }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/account/sign-in-with-code',
    body: () => ({ email: email(), code: '123456' }),
    expect: EVERYONE,
  },
  { method: 'POST', route: '/api/account/sign-out', body: () => ({}), expect: EVERYONE, freshViewer: true },

  // Your account (the account page): the password and address need an account with an address
  {
    method: 'POST',
    route: '/api/account/send-code',
    body: () => ({ purpose: 'set-password' }),
    expect: REGISTERED,
    freshViewer: true,
  },
  {
    method: 'POST',
    route: '/api/account/set-password',
    body: () => ({ code: '123456', password: STRONG, passwordConfirm: STRONG }),
    expect: REGISTERED,
  },
  {
    method: 'POST',
    route: '/api/account/change-password',
    body: () => ({ currentPassword: 'Not-The-Password-1', password: STRONG, passwordConfirm: STRONG }),
    expect: REGISTERED,
    freshViewer: true,
  },
  {
    method: 'POST',
    route: '/api/account/change-email/code',
    body: () => ({ email: email(), currentPassword: 'Not-The-Password-1' }),
    expect: REGISTERED,
    freshViewer: true,
  },
  {
    method: 'POST',
    route: '/api/account/change-email',
    body: () => ({ email: email(), code: '123456' }),
    expect: REGISTERED,
  },
  { method: 'GET', route: '/api/account/data', expect: WITH_SESSION },
  { method: 'GET', route: '/api/account/deletion', expect: WITH_SESSION },
  // An anonymous trial is deleted by its session alone: each kind gets a viewer of its own.
  { method: 'POST', route: '/api/account/delete', body: () => ({}), expect: WITH_SESSION, freshViewer: true },
  { method: 'GET', route: '/api/account/me', expect: EVERYONE },
  { method: 'GET', route: '/api/account/settings', expect: WITH_SESSION },
  {
    method: 'PUT',
    route: '/api/account/settings',
    body: () => ({ copyNetwork: 'threads' }),
    expect: WITH_SESSION,
  },
  { method: 'GET', route: '/api/auth/get-session', expect: EVERYONE },
  { method: 'GET', route: '/api/auth/list-sessions', expect: WITH_SESSION },
  {
    method: 'POST',
    route: '/api/auth/revoke-session',
    body: () => ({ id: 'not-a-session' }),
    expect: WITH_SESSION,
    freshViewer: true,
  },
  {
    method: 'POST',
    route: '/api/auth/revoke-other-sessions',
    body: () => ({}),
    expect: WITH_SESSION,
    freshViewer: true,
  },

  // Trials
  { method: 'GET', route: '/api/trial/checkPromoCode', expect: EVERYONE },
  { method: 'POST', route: '/api/trial/checkEmail', body: () => ({ email: email() }), expect: EVERYONE },
  {
    method: 'POST',
    route: '/api/trial/trialRegister',
    body: () => ({ uuid: randomUUID() }),
    expect: EVERYONE,
  },
  {
    method: 'POST',
    route: '/api/trial/verifyAccount',
    body: () => ({ email: email(), code: '123456' }),
    expect: EVERYONE,
  },
  {
    method: 'GET',
    route: '/api/trial/getUserDetails',
    url: '/api/trial/getUserDetails?userID={userId}',
    expect: WITH_SESSION,
  },
  { method: 'POST', route: '/api/trial/removeUser', body: () => ({ uuID: randomUUID() }), expect: EVERYONE },
  {
    method: 'GET',
    route: '/api/trial/checkForTrial',
    url: `/api/trial/checkForTrial?device=${someId}`,
    expect: EVERYONE,
  },
  { method: 'GET', route: '/api/countdown', expect: EVERYONE },
  { method: 'GET', route: '/api/dev/outbox', expect: EVERYONE },
  { method: 'POST', route: '/api/dev/clock', body: () => ({ advanceMs: 0 }), expect: EVERYONE },

  // Hashtags: open to everyone (the related-search limit is tested in related-limit.test.ts)
  {
    method: 'GET',
    route: '/api/autocomplete/hashtag/:query',
    url: '/api/autocomplete/hashtag/trav',
    expect: EVERYONE,
  },
  {
    method: 'GET',
    route: '/api/autocomplete/place/:query',
    url: '/api/autocomplete/place/lis',
    expect: EVERYONE,
  },
  {
    method: 'GET',
    route: '/api/autocomplete/user/:query',
    url: '/api/autocomplete/user/ana',
    expect: EVERYONE,
  },
  { method: 'GET', route: '/api/info/hashtag/:names', url: '/api/info/hashtag/travel', expect: EVERYONE },
  { method: 'GET', route: '/api/info/place/:id', url: '/api/info/place/p1', expect: EVERYONE },
  { method: 'GET', route: '/api/info/user/:id', url: '/api/info/user/u1', expect: EVERYONE },
  { method: 'GET', route: '/api/banned-tags', expect: EVERYONE },
  // Suggestions for a list: open to everyone, one related search each (suggest.test.ts tests the limit)
  {
    method: 'GET',
    route: '/api/suggest/hashtags',
    url: '/api/suggest/hashtags?tags=travel,beach',
    expect: EVERYONE,
  },
  // Tags for a caption's words: the same rules (caption.test.ts tests the limit and the free 2)
  {
    method: 'POST',
    route: '/api/suggest/caption',
    body: () => ({ text: 'a day at the beach #travel' }),
    expect: EVERYONE,
  },
  // Trends and the networks holding data: open to every visitor, like counts (decision 018).
  { method: 'GET', route: '/api/trends/hashtags', url: '/api/trends/hashtags?tags=travel', expect: EVERYONE },
  { method: 'GET', route: '/api/trends/now', expect: EVERYONE },
  { method: 'GET', route: '/api/networks', expect: EVERYONE },
  { method: 'POST', route: '/api/cache/autocomplete', body: () => ({}), expect: REGISTERED },
  { method: 'POST', route: '/api/cache/recommend', body: () => ({}), expect: REGISTERED },

  // Live sources: devices report failures; only administrators read the status and alerts
  {
    method: 'POST',
    route: '/api/sources/reports',
    body: () => ({ source: 'instagram-web', call: 'search:hashtag', failure: 'parse-error' }),
    expect: EVERYONE,
  },
  { method: 'GET', route: '/api/sources/status', expect: ADMIN_ONLY },

  // Collections (topics)
  // Your own posts (issue 34): an account of your own, never a visitor or an anonymous trial
  { method: 'POST', route: '/api/me/archive', body: () => [], expect: REGISTERED },
  { method: 'GET', route: '/api/me/hashtags', expect: REGISTERED },
  { method: 'DELETE', route: '/api/me/posts', expect: REGISTERED },
  { method: 'GET', route: '/api/me/handles', expect: REGISTERED },
  // An address that is none is refused before any network is asked (the matrix never leaves the machine).
  {
    method: 'POST',
    route: '/api/me/handles',
    body: () => ({ network: 'mastodon', handle: 'not-an-address' }),
    expect: REGISTERED,
  },
  {
    method: 'POST',
    route: '/api/me/handles/:network/refresh',
    url: '/api/me/handles/bluesky/refresh',
    expect: REGISTERED,
  },
  { method: 'DELETE', route: '/api/me/handles/:network', url: '/api/me/handles/bluesky', expect: REGISTERED },
  {
    method: 'PUT',
    route: '/api/me/settings',
    body: () => ({ suggest_from_own_tags: false }),
    expect: REGISTERED,
  },
  { method: 'GET', route: '/api/me/engagement', expect: REGISTERED },
  { method: 'GET', route: '/api/topics', expect: COLLECTIONS },
  { method: 'POST', route: '/api/topics', body: topic, expect: COLLECTIONS },
  { method: 'GET', route: '/api/topics/:topicId', url: `/api/topics/${someId}`, expect: COLLECTIONS },
  {
    method: 'PUT',
    route: '/api/topics/:topicId',
    url: `/api/topics/${someId}`,
    body: () => ({ ...topic(), base_modified: 0 }),
    expect: COLLECTIONS,
  },
  { method: 'DELETE', route: '/api/topics/:topicId', url: `/api/topics/${someId}`, expect: COLLECTIONS },

  // Prospecting (quarries): admins only
  { method: 'GET', route: '/api/quarries', expect: ADMIN_ONLY },
  { method: 'POST', route: '/api/quarries', body: () => ({ place_ids: ['p1'] }), expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/quarries/places', url: '/api/quarries/places?q=lis', expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/quarries/categories', expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/quarries/usage', expect: ADMIN_ONLY },
  { method: 'POST', route: '/api/quarries/run', body: () => ({}), expect: ADMIN_ONLY },
  {
    method: 'POST',
    route: '/api/quarries/:quarryId/run',
    url: `/api/quarries/${someId}/run`,
    body: () => ({}),
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/quarries/:quarryId/prospects',
    url: `/api/quarries/${someId}/prospects`,
    expect: ADMIN_ONLY,
  },
  {
    method: 'GET',
    route: '/api/quarries/:quarryId/prospects.csv',
    url: `/api/quarries/${someId}/prospects.csv`,
    expect: ADMIN_ONLY,
  },
  { method: 'GET', route: '/api/quarries/automation-template', expect: ADMIN_ONLY },
  { method: 'PUT', route: '/api/quarries/automation-template', body: () => ({}), expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/quarries/:quarryId', url: `/api/quarries/${someId}`, expect: ADMIN_ONLY },
  {
    method: 'PUT',
    route: '/api/quarries/:quarryId',
    url: `/api/quarries/${someId}`,
    body: () => ({}),
    expect: ADMIN_ONLY,
  },
  { method: 'DELETE', route: '/api/quarries/:quarryId', url: `/api/quarries/${someId}`, expect: ADMIN_ONLY },

  // Billing (decision 009): checkout is open to anyone (a new customer sets up an account after
  // paying); webhooks are open and refused by signature; store checks need a session.
  { method: 'GET', route: '/api/billing/info', expect: EVERYONE },
  { method: 'POST', route: '/api/billing/checkout', body: () => ({ plan: 'monthly' }), expect: EVERYONE },
  {
    method: 'GET',
    route: '/api/billing/checkout/return',
    url: `/api/billing/checkout/return?ref=${someId}`,
    expect: EVERYONE,
  },
  { method: 'POST', route: '/api/billing/portal', body: () => ({}), expect: WEB_CUSTOMERS },
  {
    method: 'POST',
    route: '/api/billing/restore',
    body: () => ({ email: 'nobody@example.com' }),
    expect: EVERYONE,
  },
  { method: 'POST', route: '/api/billing/webhooks/local', body: () => ({}), expect: EVERYONE },
  { method: 'POST', route: '/api/billing/webhooks/stripe', body: () => ({}), expect: EVERYONE },
  { method: 'GET', route: '/api/store/account-token', expect: WITH_SESSION },
  {
    method: 'POST',
    route: '/api/store/ios-verify',
    body: () => ({ receipt: 'x.y.z' }),
    expect: WITH_SESSION,
  },
  {
    method: 'POST',
    route: '/api/store/android-verify',
    body: () => ({ purchaseToken: 'token', productId: 'com.tagscout.app.pro.monthly' }),
    expect: WITH_SESSION,
  },
  { method: 'GET', route: '/api/app/config', expect: EVERYONE },

  // App data, feedback and analytics: public reads and posts; the admin plugin guards /api/admin/*
  { method: 'GET', route: '/api/appdata', expect: EVERYONE },
  {
    method: 'GET',
    route: '/api/version/check',
    url: '/api/version/check?runningVersion=2.1.33&platform=ios',
    expect: EVERYONE,
  },
  {
    method: 'GET',
    route: '/api/version/:version/config',
    url: '/api/version/2.1.33/config',
    expect: EVERYONE,
  },
  { method: 'POST', route: '/api/feedback', body: () => ({ message: 'Matrix feedback' }), expect: EVERYONE },
  {
    method: 'POST',
    route: '/api/events',
    body: () => ({
      userDetail: {
        platform: 'web',
        device: 'matrix',
        appVersion: '2.1.33',
        group: 'free',
        trialStatus: 'unregistered',
      },
      event: { eventId: randomUUID(), eventType: 'appOpened' },
    }),
    expect: EVERYONE,
  },
  { method: 'GET', route: '/api/admin/appdata', expect: ADMIN_ONLY },
  { method: 'PUT', route: '/api/admin/appdata', body: () => ({}), expect: ADMIN_ONLY },
  { method: 'PUT', route: '/api/admin/banned-tags', body: () => ({ tags: ['matrix'] }), expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/admin/feedback', expect: ADMIN_ONLY },
  { method: 'GET', route: '/api/admin/analytics', expect: ADMIN_ONLY },
  {
    method: 'DELETE',
    route: '/api/admin/crowd/submitters/:userId/reports',
    url: `/api/admin/crowd/submitters/${someId}/reports`,
    expect: ADMIN_ONLY,
  },
];

/** The URL a row calls as `viewer`, its own ids filled in. */
export function rowUrl(row: Row, viewer: TestViewer): string {
  return (row.url ?? row.route)
    .replace('{userId}', viewer.userId ?? someId)
    .replace('{deviceId}', viewer.deviceId ?? someId);
}
