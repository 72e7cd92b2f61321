import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useExportList } from '../export/export-store';
import { showTopic } from './show-topic';
import { fetchTopic } from './topics-api';

export interface TopicLoadError {
  status: number;
  /** What failed, for errorText (api/error-text.ts). */
  cause: unknown;
}

/**
 * Keeps the export list and the address in step on /tags: /tags/:topicId loads that collection
 * (asking first, through `confirmReplace`, when the list on screen has unsaved changes); /tags while
 * a saved collection is on screen becomes /tags/<its id>, so a reload keeps it.
 */
export function useTopicRoute(
  topicId: string | undefined,
  isActive: boolean,
  confirmReplace: (replace: () => void, cancel: () => void) => void,
): { isLoading: boolean; error: TopicLoadError | null; dismissError: () => void } {
  const navigate = useNavigate();
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<TopicLoadError | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: confirmReplace is read once per address change.
  useEffect(() => {
    if (!isActive) return;
    const shown = useExportList.getState();
    if (topicId === undefined) {
      if (shown.topic.topicId !== null) navigate(`/tags/${shown.topic.topicId}`, { replace: true });
      return;
    }
    if (shown.topic.topicId === topicId) return;
    const controller = new AbortController();
    const load = () => {
      setIsLoading(true);
      fetchTopic(topicId, controller.signal)
        .then(showTopic)
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          setError(
            failure instanceof ApiError
              ? { status: failure.status, cause: failure }
              : { status: 0, cause: failure },
          );
        })
        .finally(() => setIsLoading(false));
    };
    const backToShown = () => {
      const current = useExportList.getState().topic.topicId;
      navigate(current ? `/tags/${current}` : '/tags', { replace: true });
    };
    if (shown.isModified && shown.tags.length > 0) confirmReplace(load, backToShown);
    else load();
    return () => controller.abort();
  }, [topicId, isActive, navigate]);

  return { isLoading, error, dismissError: () => setError(null) };
}
