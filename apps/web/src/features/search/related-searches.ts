import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '../../shell/session-store';
import { refreshMe } from '../account/queries';

/**
 * The free related-search limit follows the server's count (GET /api/account/me): the browser keeps
 * no count of its own, so it resets when the server's does (a new UTC day) and never disagrees.
 */
export async function hasRelatedSearchLeft(queryClient: QueryClient): Promise<boolean> {
  const known = useSession.getState().relatedSearches;
  if (known === null || known.left > 0) return true;
  // None left by the last answer: the server's day may have turned since.
  await refreshMe(queryClient).catch(() => {});
  const fresh = useSession.getState().relatedSearches;
  return fresh === null || fresh.left > 0;
}

/** After each answer of a counted related search (tags or suggestions), reads the server's count again. */
export function useRecountRelatedSearches(query: { dataUpdatedAt: number; errorUpdatedAt: number }): void {
  const queryClient = useQueryClient();
  const isMetered = useSession((session) => session.relatedSearches !== null);
  const { dataUpdatedAt, errorUpdatedAt } = query;
  useEffect(() => {
    if (isMetered && (dataUpdatedAt > 0 || errorUpdatedAt > 0)) refreshMe(queryClient).catch(() => {});
  }, [isMetered, dataUpdatedAt, errorUpdatedAt, queryClient]);
}
