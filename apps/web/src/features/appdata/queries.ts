import { DEFAULT_FEATURE_SWITCHES, type FeatureSwitches } from '@tagscout/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNetworkFailure } from '../../api/client';
import {
  fetchAdminAppData,
  fetchAnalyticsSummary,
  fetchAppData,
  fetchBannedTags,
  fetchFeedback,
  updateAppData,
  updateBannedTags,
} from './appdata-api';

export const appDataKeys = {
  public: ['appdata'] as const,
  admin: ['admin', 'appdata'] as const,
  bannedTags: ['banned-tags'] as const,
  feedback: ['admin', 'feedback'] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
};

/** The app data every screen may read: fetched at start, again every 5 minutes. */
export function useAppData() {
  return useQuery({
    queryKey: appDataKeys.public,
    queryFn: ({ signal }) => fetchAppData(signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
    // Only a server that cannot be reached is worth retrying; a start that fails after that shows /noInternet.
    retry: (failures, error) => failures < 2 && isNetworkFailure(error),
  });
}

export function useFeatureSwitches(): FeatureSwitches {
  return useAppData().data?.switches ?? DEFAULT_FEATURE_SWITCHES;
}

export function useAdminAppData() {
  return useQuery({ queryKey: appDataKeys.admin, queryFn: fetchAdminAppData, staleTime: 0 });
}

export function useUpdateAppData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAppData,
    onSuccess: (data) => {
      client.setQueryData(appDataKeys.admin, data);
      // The public answer may sit in the browser's cache for a few seconds: show the change at once.
      const { updatedAt: _at, updatedBy: _by, ...publicData } = data;
      client.setQueryData(appDataKeys.public, publicData);
    },
  });
}

export function useBannedTags() {
  return useQuery({ queryKey: appDataKeys.bannedTags, queryFn: fetchBannedTags, staleTime: 0 });
}

/** The banned tags for rows that do not carry the flag (the export list); none until asked, or when asking fails. */
export function useBannedTagSet(isNeeded: boolean): ReadonlySet<string> {
  const query = useQuery({
    queryKey: appDataKeys.bannedTags,
    queryFn: fetchBannedTags,
    staleTime: 5 * 60_000,
    enabled: isNeeded,
    select: (data) => new Set(data.bannedTags),
  });
  return query.data ?? NO_TAGS;
}

const NO_TAGS: ReadonlySet<string> = new Set();

export function useUpdateBannedTags() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBannedTags,
    onSuccess: (data) => client.setQueryData(appDataKeys.bannedTags, { bannedTags: data.bannedTags }),
  });
}

export function useFeedbackList() {
  return useQuery({ queryKey: appDataKeys.feedback, queryFn: fetchFeedback, staleTime: 0 });
}

export function useAnalyticsSummary(days: number) {
  return useQuery({
    queryKey: appDataKeys.analytics(days),
    queryFn: () => fetchAnalyticsSummary(days),
    staleTime: 0,
  });
}
