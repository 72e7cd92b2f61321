import { useQuery } from '@tanstack/react-query';
import { fetchLiveDate } from '../features/account/account-api';

/** The live event's date from the server's countdown (ms since 1970), or null when none is set. */
export function useLiveDate(): number | null {
  const { data } = useQuery({
    queryKey: ['countdown'],
    queryFn: ({ signal }) => fetchLiveDate(signal),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return data ?? null;
}
