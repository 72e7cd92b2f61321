import type { AccountCodePurpose, AccountData } from '@tagscout/core/api';
import { api, type Body, dataOf } from '../../api/typed-client';

/**
 * The signed-in user's own account (docs/api-accounts.md#your-account): codes to its address, the
 * password, the address, the data and deleting it. No call names a user: the session does.
 */

export const sendAccountCode = (purpose: AccountCodePurpose) =>
  dataOf(api.POST('/api/account/send-code', { body: { purpose } }));

export const setPassword = (body: Body<'/api/account/set-password', 'post'>) =>
  dataOf(api.POST('/api/account/set-password', { body }));

export const changePassword = (body: Body<'/api/account/change-password', 'post'>) =>
  dataOf(api.POST('/api/account/change-password', { body }));

export const sendEmailChangeCode = (body: Body<'/api/account/change-email/code', 'post'>) =>
  dataOf(api.POST('/api/account/change-email/code', { body }));

export const changeEmail = (body: Body<'/api/account/change-email', 'post'>) =>
  dataOf(api.POST('/api/account/change-email', { body }));

export const fetchAccountData = (): Promise<AccountData> =>
  dataOf(api.GET('/api/account/data')) as Promise<AccountData>;

export const fetchDeletionPreview = (signal?: AbortSignal) =>
  dataOf(api.GET('/api/account/deletion', { signal }));

export const deleteAccount = (body: Body<'/api/account/delete', 'post'>) =>
  dataOf(api.POST('/api/account/delete', { body }));
