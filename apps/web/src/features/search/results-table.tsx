import ButtonBase from '@mui/material/ButtonBase';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, memo, useCallback, useDeferredValue, useState } from 'react';
import { useRowText } from '../../components/row-text';
import { MessageDialog } from '../../components/upgrade-dialog';
import { spendRelatedSearch, useSession } from '../../shell/session-store';
import { recordClick } from '../appdata/track';
import { countHeader } from '../networks/network-label';
import { useCurrentNetwork, useTrends } from '../networks/queries';
import { useSettings } from '../settings/settings-store';
import { AddColumnSizer } from './add-button';
import { useIsCompact } from './compact-pane';
import { RelatedRows } from './related-rows';
import { hasRelatedSearchLeft } from './related-searches';
import { RelatedSearchesLeft } from './related-searches-left';
import { ResultRow } from './result-row';
import type { ResultItem } from './search-api';
import { useSearch } from './search-store';
import { useIsPhone } from './use-is-phone';

type Notice = 'indexing' | 'limit' | null;

// The other columns take no more than their content needs and the name keeps the rest: on a phone a
// name of up to about 20 characters stays on one line. Elsewhere the count and the trend keep some
// room besides, so that rows coming and going (a place's related tags, trends as they load) do not
// move the columns.
const SHRINK = { width: '1%' } as const;
const COUNT_COLUMN_WIDTH = 160;
const TREND_COLUMN_WIDTH = 152;

/** Rows drawn at once for new results: what a 1280x800 window or a phone shows (issue 33). */
export const FIRST_ROWS = 12;
const NO_ITEMS: ResultItem[] = [];

/**
 * Search results: drill control, name, post count and export button; one expanded item at a time.
 * Drawn again only when its items change: its 50 rows took 100-300 ms to draw in Chromium on a
 * 2-core machine, and every keystroke drew them again before (issue 33). New results show their
 * first screen of rows at once and the rest in a render React may interrupt, right after.
 */
export const ResultsTable = memo(function ResultsTable({ items }: { items: ResultItem[] }) {
  const text = useRowText();
  const { t } = text;
  const drawnItems = useDeferredValue(items, NO_ITEMS);
  const rows = drawnItems === items ? items : items.slice(0, FIRST_ROWS);
  const queryClient = useQueryClient();
  const expandedKey = useSearch((s) => s.expandedKey);
  const toggleExpanded = useSearch((s) => s.toggleExpanded);
  const relatedAllowed = useSession((session) => session.relatedSearches?.allowed);
  const [notice, setNotice] = useState<Notice>(null);
  const isCompact = useIsCompact();
  // A phone shows a week's trend with no toggle; a compact pane elsewhere keeps the chosen days.
  const isPhone = useIsPhone();
  const network = useCurrentNetwork();
  const trendDays = useSettings((settings) => settings.trendDays);
  const updateSettings = useSettings((settings) => settings.update);
  const tagNames = items.filter((item) => item.kind === 'hashtag').map((item) => item.key);
  const trends = useTrends(tagNames);
  const searched = useSearch((s) => s.query)
    .replace(/^#/, '')
    .toLowerCase();

  // The same function until a row is opened or closed, so the memoised rows are not drawn again for it.
  const handleDrill = useCallback(
    async (item: ResultItem) => {
      if (expandedKey === item.key) return toggleExpanded(item.key);
      if (item.isIndexing) return setNotice('indexing');
      if (!(await hasRelatedSearchLeft(queryClient))) return setNotice('limit');
      spendRelatedSearch();
      recordClick('drillClick');
      toggleExpanded(item.key);
    },
    [expandedKey, toggleExpanded, queryClient],
  );

  return (
    <>
      <RelatedSearchesLeft />
      <Table
        size="small"
        stickyHeader
        aria-label={t('search.resultsLabel')}
        sx={{ '& td, & th': { px: isCompact ? 0.75 : 2 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: isCompact ? 36 : 48 }} aria-label={t('search.columns.related')} />
            <TableCell>{t('search.columns.name')}</TableCell>
            <TableCell
              align="right"
              data-testid="count-header"
              sx={isCompact ? SHRINK : { ...SHRINK, minWidth: COUNT_COLUMN_WIDTH, whiteSpace: 'nowrap' }}
            >
              {countHeader(t, network)}
            </TableCell>
            <TableCell
              align="center"
              // A sparkline and its figure (a place's rows have none until its related tags open).
              sx={{ ...SHRINK, whiteSpace: 'nowrap', minWidth: isCompact ? undefined : TREND_COLUMN_WIDTH }}
            >
              {isPhone ? (
                t('trends.column')
              ) : (
                <>
                  {t('trends.column')}{' '}
                  <ButtonBase
                    onClick={() => updateSettings({ trendDays: trendDays === 7 ? 30 : 7 })}
                    aria-label={t('trends.daysToggle', { days: trendDays === 7 ? 30 : 7 })}
                    sx={{ typography: 'caption', color: 'primary.main', borderRadius: 1, px: 0.5 }}
                  >
                    {t('trends.daysShort', { days: trendDays })}
                  </ButtonBase>
                </>
              )}
            </TableCell>
            <TableCell align="right" aria-label={t('search.columns.export')} sx={SHRINK}>
              <AddColumnSizer isCompact={isCompact} text={text} />
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((item) => {
            const isExpanded = expandedKey === item.key;
            return (
              <Fragment key={item.key}>
                <ResultRow
                  item={item}
                  isExpanded={isExpanded}
                  isCompact={isCompact}
                  trend={trends.data?.byTag.get(item.key)}
                  isTrendLoading={trends.isFetching}
                  trendDays={isPhone ? 7 : trendDays}
                  breakAfter={breakAfterWord(item, searched)}
                  text={text}
                  onDrill={handleDrill}
                />
                {isExpanded && <RelatedRows item={item} />}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
      <MessageDialog
        isOpen={notice === 'indexing'}
        title={t('search.indexingTitle')}
        message={t('search.indexingMessage')}
        onClose={() => setNotice(null)}
      />
      <MessageDialog
        isOpen={notice === 'limit'}
        title={t('upgradePrompt.relatedLimitTitle')}
        message={t('upgradePrompt.relatedLimitMessage', { count: relatedAllowed ?? 0 })}
        onClose={() => setNotice(null)}
        offerUpgrade
      />
    </>
  );
});

/** A tag that starts with the word searched for ("photography" in #photographylovers) may break after it. */
function breakAfterWord(item: ResultItem, searched: string): number {
  const isLonger = item.kind === 'hashtag' && searched !== '' && item.label.length > searched.length;
  return isLonger && item.label.toLowerCase().startsWith(searched) ? searched.length : 0;
}
