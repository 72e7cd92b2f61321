import type { OwnNetwork } from '@tagscout/core/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteOwnPosts, fetchOwnHashtags, uploadArchive } from './own-posts-api';

export const ownPostKeys = {
  all: ['ownPosts'] as const,
  hashtags: (network: OwnNetwork | null) => ['ownPosts', 'hashtags', network ?? 'all'] as const,
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
