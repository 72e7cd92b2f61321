import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useExportList } from '../export/export-store';
import { deleteTopic, fetchTopics } from './topics-api';

export const topicKeys = {
  all: ['topics'] as const,
};

/** The Collections list; fetched each time the screen opens. */
export function useTopics(isEnabled: boolean) {
  return useQuery({
    queryKey: topicKeys.all,
    queryFn: ({ signal }) => fetchTopics(signal),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/**
 * Deletes a collection; the list on screen forgets it at once, and so does the export list if it
 * shows it (keeping unsaved changes as a new list).
 */
export function useDeleteTopic() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTopic,
    onSuccess: (_, topicId) => {
      useExportList.getState().forgetTopic(topicId);
      return queryClient.invalidateQueries({ queryKey: topicKeys.all });
    },
  });
}

/** After a save, the Collections list is out of date. */
export function useForgetTopicList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: topicKeys.all });
}
