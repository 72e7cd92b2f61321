import type { MeResponse } from '@tagscout/core/api';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, isNetworkFailure } from '../../api/client';
import { fetchMe, signIn, signInWithCode, signOutEverywhere, verifyEmail } from './account-api';
import { changeEmail, changePassword, setPassword } from './my-account-api';
import { forgetTrialEnd } from './trial-end';

export const meKeys = {
  all: ['me'] as const,
};

/**
 * Who the visitor is (GET /api/account/me). Asked once when the app starts and again only when
 * something says the account changed (an invalidation): the shell's session mirrors every answer
 * (session-sync.ts), so a background refetch must never replace what the visitor sees unasked.
 */
export const meQuery = queryOptions({
  queryKey: meKeys.all,
  queryFn: ({ signal }) => fetchMe(signal),
  staleTime: Number.POSITIVE_INFINITY,
  // A busy server (503, shed under load) or a dropped connection is asked again before the visitor
  // is taken for signed out: a reload under load must not look like a sign-out.
  retry: (failures, error) => failures < ME_RETRIES && isPassing(error),
  retryDelay: (failures, error) =>
    error instanceof ApiError && error.retryAfterSeconds !== null
      ? Math.min(error.retryAfterSeconds, 5) * 1000
      : Math.min(500 * 2 ** failures, 4000),
  refetchOnReconnect: false,
});

const ME_RETRIES = 4;

/** A failure that goes away on its own: the server busy or out of reach, not an answer about the visitor. */
function isPassing(error: unknown): boolean {
  return isNetworkFailure(error) || (error instanceof ApiError && [502, 503, 504].includes(error.status));
}

export function useMe() {
  return useQuery(meQuery);
}

/**
 * The account changed on the server without answering with it (a purchase, a trial, a new day of
 * related searches): asks again, and resolves once the session holds the answer (rejects when the
 * server could not be asked).
 */
export function refreshMe(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: meKeys.all }, { throwOnError: true });
}

export function useRefreshMe(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => refreshMe(queryClient);
}

/** Sign-in answers with who the visitor now is: that answer is the query's. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}

/** A proven address signs the visitor in (account setup, or an address not yet proven at sign-in). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code, password }: { email: string; code: string; password?: string }) =>
      verifyEmail(email, code, password),
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}

/** Global sign-out: every session of the user ends; the answer is the signed-out visitor. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutEverywhere,
    onSuccess: (me: MeResponse) => {
      forgetTrialEnd();
      queryClient.setQueryData(meKeys.all, me);
    },
  });
}

/** An emailed code signs the visitor in: that answer is the query's. */
export function useSignInWithCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) => signInWithCode(email, code),
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}

/**
 * The account page's changes answer with who the visitor now is (a new session after a password
 * is set or changed, the new address): that answer is the query's.
 */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (me) => queryClient.setQueryData(meKeys.all, me),
  });
}
