import type { OwnHandles, OwnNetwork } from '@tagscout/core/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteOwnPosts,
  fetchEngagement,
  fetchHandles,
  fetchOwnHashtags,
  uploadArchive,
} from './own-posts-api';
import { useOwnPostsStore } from './own-posts-store';

export const ownPostKeys = {
  all: ['ownPosts'] as const,
  hashtags: (network: OwnNetwork | null) => ['ownPosts', 'hashtags', network ?? 'all'] as const,
  handles: ['ownPosts', 'handles'] as const,
  engagement: (hashtag: string | null) => ['ownPosts', 'engagement', hashtag ?? ''] as const,
};

/** Your tags, from the posts you imported; fetched each time the screen opens. */
export function useOwnHashtags(network: OwnNetwork | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ownPostKeys.hashtags(network),
    queryFn: ({ signal }) => fetchOwnHashtags(network, signal),
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useUploadArchive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadArchive,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownPostKeys.all }),
  });
}

export function useDeleteOwnPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOwnPosts,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownPostKeys.all }),
  });
}

/** The handles connected and the suggestions toggle. */
export function useHandles(isEnabled: boolean) {
  return useQuery({
    queryKey: ownPostKeys.handles,
    queryFn: ({ signal }) => fetchHandles(signal),
    enabled: isEnabled,
  });
}

/** Which tags work (and the weeks of one of them): read again whenever the handles' posts change. */
export function useEngagement(hashtag: string | null, isEnabled: boolean) {
  return useQuery({
    queryKey: ownPostKeys.engagement(hashtag),
    queryFn: ({ signal }) => fetchEngagement(hashtag, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** A change to the handles or the toggle: the handles' answer is the new state; the rest is read again. */
export function useHandleChange<Input>(change: (input: Input) => Promise<OwnHandles>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (handles) => {
      queryClient.setQueryData(ownPostKeys.handles, remember(handles));
      return queryClient.invalidateQueries({ queryKey: ownPostKeys.all });
    },
  });
}

/** The suggestions panel follows the account's toggle as Your posts last saw it. */
function remember(handles: OwnHandles): OwnHandles {
  useOwnPostsStore.getState().setSuggestFromOwnTags(handles.suggest_from_own_tags);
  return handles;
}
