import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { hasEmoji } from '@tagscout/core/hashtags';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { TrendingNow } from '../networks/trending-now';
import { useSettings } from '../settings/settings-store';
import { CompactPaneBox } from './compact-pane';
import { NoResults } from './no-results';
import { useSearchResults } from './queries';
import { ResultsTable } from './results-table';
import { SearchKind } from './search-api';
import { SearchBar } from './search-bar';
import { queryLengthOf } from './search-query';
import { useSearch } from './search-store';
import { SourceAlerts } from './source-alerts';

/** The Find pane: search bar, progress, and results or the reason there are none; compact when narrow. */
export function FindPane({
  onNewSearch,
  afterSearchBar,
  isSearchFocusedOnArrival = false,
}: {
  onNewSearch?: () => void;
  /** Shown right after the search bar (the link to skip to the export list beside this pane). */
  afterSearchBar?: ReactNode;
  isSearchFocusedOnArrival?: boolean;
}) {
  const { t } = useTranslation();
  const kind = useSearch((s) => s.kind);
  const query = useSearch((s) => s.query);
  const text = useSearch((s) => s.text);
  const emojisEnabled = useSettings((s) => s.emojisEnabled);
  const results = useSearchResults(kind, query);
  // The same array while the results are, so typing (which renders this pane) leaves their rows be.
  const items = useMemo(
    () => (results.data ?? []).filter((item) => emojisEnabled || !hasEmoji(item.label)),
    [results.data, emojisEnabled],
  );
  const searchTag = (hashtag: string) => {
    const search = useSearch.getState();
    search.setKind(SearchKind.tags);
    search.setText(hashtag);
    search.search(hashtag);
  };
  const wereAllEmoji = !emojisEnabled && items.length === 0 && (results.data?.length ?? 0) > 0;
  const length = queryLengthOf(kind, query);

  return (
    <CompactPaneBox>
      <SearchBar onNewSearch={onNewSearch} isFocusedOnArrival={isSearchFocusedOnArrival} />
      {afterSearchBar}
      <SourceAlerts />
      <Box sx={{ height: 4 }}>
        {results.isFetching && <LinearProgress aria-label={t('search.searching')} />}
      </Box>
      <Box sx={{ flexGrow: 1, overflow: 'auto', minHeight: 0 }}>
        {query === '' && (
          <>
            <Hint text={t('search.start')} />
            <TrendingNow onPick={searchTag} />
          </>
        )}
        {results.fetchStatus === 'paused' && <Hint text={t('search.waitingForConnection')} />}
        {results.isError && (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorText(t, results.error)}
          </Alert>
        )}
        {length.chars > length.max && (
          <Hint
            text={t(kind === SearchKind.tags ? 'search.tooLongTag' : 'search.tooLongPlace', {
              max: length.max,
              chars: length.chars,
            })}
          />
        )}
        {results.isSuccess && items.length > 0 && <ResultsTable items={items} />}
        {results.isSuccess &&
          items.length === 0 &&
          (wereAllEmoji ? (
            <Hint text={t('search.noResultsEmoji')} />
          ) : (
            <NoResults kind={kind} text={text} query={query} />
          ))}
      </Box>
    </CompactPaneBox>
  );
}

function Hint({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} role="status">
      {text}
    </Typography>
  );
}
