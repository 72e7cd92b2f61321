import type { Topic } from '@tagscout/core/api';
import { useExportList } from '../export/export-store';
import { fetchCounts } from '../search/search-api';

/** Puts a saved topic in the export list, then fills in its post counts as they arrive. */
export function showTopic(topic: Topic): void {
  const store = useExportList.getState();
  store.loadTopic(topic);
  if (topic.export.length === 0) return;
  const isStillShown = () => {
    const { topic: shown } = useExportList.getState();
    return shown.topicId === topic.topic_id && shown.version === topic.modified;
  };
  fetchCounts(topic.export, {
    onProgress: (found) => {
      if (!isStillShown()) return;
      const counts = new Map<string, number>();
      for (const [name, tag] of found) counts.set(name, tag.count);
      useExportList.getState().setCounts(counts);
    },
  }).catch(() => {
    // Counts stay unknown; the list itself is shown.
  });
}
