import Star from '@mui/icons-material/Star';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HashtagTrend } from '@tagscout/core/api';
import { hasEmoji } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { RowIcon } from '../../components/row-icons';
import { type RowText, useRowText } from '../../components/row-text';
import { networkTagUrl } from '../../shell/external-links';
import { useCapabilities } from '../../shell/session-store';
import { useTrends } from '../networks/queries';
import { TrendCell } from '../networks/trend-cell';
import { useSettings } from '../settings/settings-store';
import { AddButton } from './add-button';
import { useIsCompact } from './compact-pane';
import { PostCount } from './post-count';
import { useRefreshUnknownCounts, useRelatedTags } from './queries';
import { useRecountRelatedSearches } from './related-searches';
import type { ResultItem } from './search-api';
import { SearchKind } from './search-api';
import { useSearch } from './search-store';
import { TagName } from './tag-name';
import { useIsPhone } from './use-is-phone';

const COLUMNS = 5;
const NO_NAMES: string[] = [];

/** The sub-rows of an expanded result: its related tags, paged by 10, with upgrade rows for free visitors. */
export function RelatedRows({ item }: { item: ResultItem }) {
  const text = useRowText();
  const { t } = text;
  const caps = useCapabilities();
  const emojisEnabled = useSettings((s) => s.emojisEnabled);
  const relatedTagCount = useSettings((s) => s.relatedTagCount);
  const shownSetting = useSearch((s) => s.relatedShown[item.key]);
  const showMore = useSearch((s) => s.showMore);
  const related = useRelatedTags(item);
  useRecountRelatedSearches(related);
  const isCompact = useIsCompact();
  useRefreshUnknownCounts(item, related.data);
  // Every related tag's trend at once ("More" shows the next without waiting), as the results' rows.
  const trends = useTrends(related.data?.tags.map((tag) => tag.hashtag) ?? NO_NAMES);
  const trendDays = useSettings((s) => s.trendDays);
  const isPhone = useIsPhone();

  if (related.isPending) {
    return (
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ textAlign: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('search.loadingRelated')} />
        </TableCell>
      </TableRow>
    );
  }
  if (related.isError) {
    if (related.error instanceof ApiError && related.error.code === 'related_limit_reached') {
      return <UpgradeRow text={t('upgradePrompt.relatedLimitReached')} />;
    }
    return <NoteRow text={errorText(t, related.error)} />;
  }

  const tags = related.data.tags.filter((tag) => emojisEnabled || !hasEmoji(tag.hashtag));
  if (tags.length === 0) return <NoteRow text={t('search.noRelated')} />;

  const limit = Math.min(tags.length, relatedTagCount);
  const shown = caps.displayedRelatedTags ?? Math.min(shownSetting ?? LIMITS.relatedTagsShownDefault, limit);
  const visible = tags.slice(0, shown);
  // The server sends a free visitor only the tags the plan shows, and counts the rest.
  const total = tags.length + related.data.hidden;
  const hiddenByPlan = caps.displayedRelatedTags !== null ? total - visible.length : 0;

  return (
    <>
      {visible.map((tag) => (
        <RelatedRow
          key={tag.hashtag}
          hashtag={tag.hashtag}
          count={related.data.counts.get(tag.hashtag) ?? -1}
          subcount={tag.subcount}
          authors={tag.authors}
          posts={related.data.postCount}
          isBanned={tag.isBanned}
          isCompact={isCompact}
          trend={trends.data?.byTag.get(tag.hashtag)}
          isTrendLoading={trends.isFetching}
          trendDays={isPhone ? 7 : trendDays}
          text={text}
        />
      ))}
      {hiddenByPlan > 0 && (
        <UpgradeRow
          text={t('search.relatedFreeCap', {
            count: hiddenByPlan,
            shown: visible.length,
            total,
          })}
        />
      )}
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ pl: 6 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="caption" color="text.secondary" data-testid="related-tag-count">
              {t('search.relatedCount', {
                shown: visible.length,
                total,
                posts: related.data.postCount,
              })}
            </Typography>
            {caps.displayedRelatedTags === null && shown < limit && (
              <Button
                size="small"
                onClick={() => showMore(item.key, LIMITS.relatedTagsPageSize, LIMITS.relatedTagsShownDefault)}
              >
                {t('search.more')}
              </Button>
            )}
            {caps.displayedRelatedTags === null && shown >= limit && limit < tags.length && (
              <Typography variant="caption" color="text.secondary" data-testid="related-cap">
                {t('search.capReached', { count: limit })}{' '}
                <Button size="small" component={RouterLink} to="/settings">
                  {t('search.changeCap')}
                </Button>
              </Typography>
            )}
          </Stack>
        </TableCell>
      </TableRow>
    </>
  );
}

function RelatedRow({
  hashtag,
  count,
  subcount,
  authors,
  posts,
  isBanned,
  isCompact,
  trend,
  isTrendLoading,
  trendDays,
  text,
}: {
  hashtag: string;
  count: number;
  /** Of the item's recent posts, how many carry this tag too: why it is related. */
  subcount: number;
  /** How many people wrote those posts. */
  authors: number;
  posts: number;
  isBanned: boolean;
  isCompact: boolean;
  trend: HashtagTrend | undefined;
  isTrendLoading: boolean;
  trendDays: 7 | 30;
  text: RowText;
}) {
  const { t } = text;
  // Read when clicked: a row subscribed to the search store was drawn again on every keystroke.
  const searchThis = () => {
    const { setKind, setText, search } = useSearch.getState();
    setKind(SearchKind.tags);
    setText(hashtag);
    search(hashtag);
  };
  const searchButton = (
    <button
      type="button"
      className="ts-button ts-icon-button"
      aria-label={t('search.searchTag', { tag: hashtag })}
      onClick={searchThis}
    >
      <RowIcon name="search" size="inherit" />
    </button>
  );
  const name = (
    <TagName
      label={hashtag}
      prefix="#"
      href={networkTagUrl(hashtag)}
      isBanned={isBanned}
      isCompact={isCompact}
      text={text}
    />
  );
  return (
    <tr className="ts-row" data-testid="related-row" data-tour="related">
      <td className="ts-right">
        {/* A compact pane's name column is too narrow for the button beside the name: it takes the
            arrow's place. */}
        {isCompact ? searchButton : <RowIcon name="subRow" size="small" isMuted />}
      </td>
      <td>
        {isCompact ? (
          name
        ) : (
          <div className="ts-name-box">
            {name}
            {searchButton}
          </div>
        )}
        <SharedPosts subcount={subcount} authors={authors} posts={posts} t={t} />
      </td>
      <td className="ts-right">
        <PostCount count={count} isCompact={isCompact} text={text} />
      </td>
      <td className="ts-center" style={{ paddingTop: 2, paddingBottom: 2 }}>
        <TrendCell
          hashtag={hashtag}
          trend={trend}
          isLoading={isTrendLoading}
          days={trendDays}
          compact={isCompact}
          text={text}
        />
      </td>
      <td className="ts-right">
        <AddButton hashtag={hashtag} count={count} isCompact={isCompact} text={text} />
      </td>
    </tr>
  );
}

/** "in 37 of 500 recent posts, by 29 people", over a thin bar of the same share. */
function SharedPosts({
  subcount,
  authors,
  posts,
  t,
}: {
  subcount: number;
  authors: number;
  posts: number;
  t: TFunction;
}) {
  const share = posts > 0 ? Math.min(1, subcount / posts) : 0;
  return (
    <div className="ts-why" data-testid="related-why">
      <span className="ts-caption">{t('search.inPostsBy', { subcount, posts, count: authors })}</span>
      <span className="ts-why-bar" aria-hidden="true">
        <span style={{ width: `${Math.max(2, share * 100)}%` }} />
      </span>
    </div>
  );
}

function NoteRow({ text }: { text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS} sx={{ pl: 6 }}>
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      </TableCell>
    </TableRow>
  );
}

function UpgradeRow({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <TableRow>
      <TableCell colSpan={COLUMNS} sx={{ pl: 6, bgcolor: 'action.hover' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography variant="body2">{text}</Typography>
          <Button size="small" variant="contained" startIcon={<Star />} component={RouterLink} to="/upgrade">
            {t('upgradePrompt.action')}
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );
}
