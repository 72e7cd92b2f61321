import { useQuery } from '@tanstack/react-query';
import { fetchCounts } from '../search/search-api';
import { useExportList } from './export-store';

/** While the server indexes a tag of the list, its count is asked for again this often. */
const INDEXING_POLL_MS = 3000;

/**
 * Counts the export list does not know yet (a tag added while it was being indexed, -1): asked for
 * until the server has them, and put into the list as they arrive. Answers the tags still being
 * looked up, for their rows' "indexing".
 */
export function useExportCounts(): ReadonlySet<string> {
  const unknown = useExportList((state) =>
    state.tags
      .filter((tag) => tag.count < 0)
      .map((tag) => tag.hashtag)
      .join(','),
  );
  const lookup = useQuery({
    queryKey: ['exportCounts', unknown],
    queryFn: async () => {
      const found = await fetchCounts(unknown.split(','), { retries: 0 });
      const known = new Map<string, number>();
      for (const [name, tag] of found) if (tag.count >= 0) known.set(name, tag.count);
      if (known.size > 0) useExportList.getState().setCounts(known);
      return [...found.values()].filter((tag) => tag.indexing).map((tag) => tag.hashtag);
    },
    enabled: unknown !== '',
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? INDEXING_POLL_MS : false),
  });
  if (unknown === '') return NONE;
  return new Set(lookup.data ?? (lookup.isPending ? unknown.split(',') : []));
}

const NONE: ReadonlySet<string> = new Set();
