import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { TagEngagement } from '@tagscout/core/api';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../api/error-text';
import { useRowText } from '../../components/row-text';
import { visuallyHidden } from '../account/visually-hidden';
import { AddButton } from '../search/add-button';
import { useIsPhone } from '../search/use-is-phone';
import { useEngagement } from './queries';

// recharts is large: it loads when this screen shows a chart, never with the rest of the app.
const EngagementChart = lazy(() =>
  import('./engagement-chart').then((m) => ({ default: m.EngagementChart })),
);

type SortKey = 'posts' | 'median_with' | 'median_without' | 'lift';

/** Which of your tags work: posts, median engagement with and without each, sortable; a row charts its weeks. */
export function TagsThatWork() {
  const text = useRowText();
  const { t } = text;
  const isPhone = useIsPhone();
  const [hashtag, setHashtag] = useState<string | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; isDescending: boolean }>({
    key: 'lift',
    isDescending: true,
  });
  const engagement = useEngagement(hashtag, true);
  const decimals = new Intl.NumberFormat(text.locale, { maximumFractionDigits: 1 });
  const number = (value: number | null) => (value === null ? '' : decimals.format(value));

  if (engagement.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('ownPosts.loading')} />
      </Box>
    );
  }
  if (engagement.isError) return <Typography color="error">{errorText(t, engagement.error)}</Typography>;
  const { tags, timeline, hashtag_timeline: tagTimeline, min_posts: minPosts } = engagement.data;
  if (timeline.length === 0) {
    return <Typography color="text.secondary">{t('ownPosts.work.empty')}</Typography>;
  }
  const sorted = [...tags].sort((a, b) => compareBy(a, b, sort.key, sort.isDescending ? -1 : 1));
  const header = (key: SortKey, label: string) => (
    <TableCell align="right" sortDirection={sort.key === key ? (sort.isDescending ? 'desc' : 'asc') : false}>
      <TableSortLabel
        active={sort.key === key}
        direction={sort.key === key && !sort.isDescending ? 'asc' : 'desc'}
        onClick={() => setSort({ key, isDescending: sort.key === key ? !sort.isDescending : true })}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <Suspense fallback={<Box sx={{ height: 220 }} />}>
        <EngagementChart timeline={timeline} tagTimeline={tagTimeline} hashtag={hashtag} />
      </Suspense>
      <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
        {t('ownPosts.work.explain', { count: minPosts })}
      </Typography>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('ownPosts.work.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('ownPosts.hashtag')}</TableCell>
              {header('posts', t('ownPosts.posts'))}
              {header('median_with', t('ownPosts.work.with'))}
              {!isPhone && header('median_without', t('ownPosts.work.without'))}
              {header('lift', t('ownPosts.work.lift'))}
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {t('ownPosts.addColumn')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((row) => (
              <TableRow
                key={`${row.network}:${row.hashtag}`}
                hover
                selected={row.hashtag === hashtag}
                onClick={() => setHashtag(row.hashtag === hashtag ? null : row.hashtag)}
                sx={{ cursor: 'pointer' }}
                data-testid="tag-that-works"
              >
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  #{row.hashtag}
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t(`ownPosts.network.${row.network}`)}
                  </Typography>
                </TableCell>
                <TableCell align="right">{row.posts}</TableCell>
                {row.too_few ? (
                  <TableCell align="right" colSpan={isPhone ? 2 : 3}>
                    <Typography variant="body2" color="text.secondary">
                      {t('ownPosts.work.tooFew')}
                    </Typography>
                  </TableCell>
                ) : (
                  <>
                    <TableCell align="right">{number(row.median_with)}</TableCell>
                    {!isPhone && <TableCell align="right">{number(row.median_without)}</TableCell>}
                    <TableCell
                      align="right"
                      sx={{ color: (row.lift ?? 0) > 1 ? 'success.main' : 'text.primary', fontWeight: 500 }}
                    >
                      {row.lift === null ? '' : `×${number(row.lift)}`}
                    </TableCell>
                  </>
                )}
                <TableCell align="right" sx={{ pl: 0 }} onClick={(event) => event.stopPropagation()}>
                  <AddButton hashtag={row.hashtag} count={-1} isCompact text={text} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

/** Rows without a value (too few posts) sort last whatever the direction; then by the column, then by name. */
function compareBy(a: TagEngagement, b: TagEngagement, key: SortKey, direction: 1 | -1): number {
  const left = key === 'posts' ? a.posts : a[key];
  const right = key === 'posts' ? b.posts : b[key];
  if (left === null || right === null) return left === right ? 0 : left === null ? 1 : -1;
  return (left - right) * direction || a.hashtag.localeCompare(b.hashtag);
}
