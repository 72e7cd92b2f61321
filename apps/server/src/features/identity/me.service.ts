import { type AccountState, FREE_VISITOR, type Platform, resolveAccess } from '@tagscout/core/access';
import type { MeResponse } from '@tagscout/core/api';
import type { AccountsRuntime } from '../accounts/accounts.runtime.js';
import { accountStateOf, findAccount, findUserById } from '../accounts/accounts.service.js';
import { readRelatedSearches } from '../accounts/related-limit.js';
import { hasPassword } from './identity.repository.js';

/** The Me answer for a user (or a signed-out visitor when userId is null), by the server clock. */
export async function findMe(
  runtime: AccountsRuntime,
  input: { userId: string | null; platform: Platform; deviceId: string | null; token?: string },
): Promise<MeResponse> {
  const user = input.userId ? await findUserById(runtime.database, input.userId) : undefined;
  if (!user) {
    const account = { ...FREE_VISITOR, platform: input.platform };
    const capabilities = resolveAccess(account);
    return {
      user: null,
      deviceId: input.deviceId,
      account: presentAccountState(account),
      capabilities,
      isAdmin: false,
      relatedSearches: await readRelatedSearches(runtime.throttle, {
        capabilities,
        userId: null,
        deviceId: input.deviceId,
      }),
    };
  }
  const row = await findAccount(runtime.database, user.id);
  const account = accountStateOf(row, {
    now: runtime.now(),
    platform: input.platform,
    isSignedIn: !user.isAnonymous,
    adminBillingMarker: runtime.config.ADMIN_BILLING_MARKER,
  });
  const capabilities = resolveAccess(account);
  return {
    user: {
      id: user.id,
      email: user.isAnonymous ? null : user.email,
      emailVerified: user.emailVerified,
      isAnonymous: user.isAnonymous,
      firstname: row?.firstname ?? '',
      lastname: row?.lastname ?? '',
      promocode: row?.promo_code ?? null,
      hasPassword: await hasPassword(runtime.database, user.id),
    },
    deviceId: row?.device_id ?? input.deviceId,
    account: presentAccountState(account),
    capabilities,
    isAdmin: capabilities.group === 'admin',
    relatedSearches: await readRelatedSearches(runtime.throttle, {
      capabilities,
      userId: user.id,
      deviceId: input.deviceId,
    }),
    ...(input.token !== undefined && { token: input.token }),
  };
}

/** AccountState as the contract's JSON: a plain array and null rather than undefined. */
function presentAccountState(state: AccountState): MeResponse['account'] {
  return { ...state, billingId: state.billingId ?? null, subscriptions: [...state.subscriptions] };
}
