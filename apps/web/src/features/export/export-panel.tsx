import Close from '@mui/icons-material/Close';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { filterByPostCount } from '@tagscout/core/export';
import { formatCount } from '@tagscout/core/format';
import { LIMITS } from '@tagscout/core/limits';
import { type ReactNode, useState } from 'react';
import { type RowText, useRowText } from '../../components/row-text';
import { useBannedTagSet } from '../appdata/queries';
import { recordClick } from '../appdata/track';
import { useTrends } from '../networks/queries';
import { TrendCell } from '../networks/trend-cell';
import { BannedMark } from '../search/banned-mark';
import { PostCount } from '../search/post-count';
import { TOAST_ABOVE_PANE_BAR, useIsPhone } from '../search/use-is-phone';
import { useSettings } from '../settings/settings-store';
import { CheckTagsButton } from '../suggest/check-tags-dialog';
import { SuggestedForList } from '../suggest/suggested-for-list';
import { copyLabel } from './copy-for';
import { ExportControls } from './export-controls';
import { selectedInOrder, useExportList } from './export-store';
import { useCopyPlan } from './use-copy-plan';
import { useExportCounts } from './use-export-counts';

/** The export list: pick tags, filter, copy; on /tags, the collection's name and Save above it. */
export function ExportPanel({ topicBar }: { topicBar?: ReactNode }) {
  const text = useRowText();
  const { t } = text;
  const network = useSettings((s) => s.copyNetwork);
  const isPhone = useIsPhone();
  const { tags, selected, filters, toggleSelected, remove } = useExportList();
  const [copied, setCopied] = useState<string | null>(null);
  const chosen = selectedInOrder({ tags, selected });
  const matchingFilter = filterByPostCount(tags, filters.postCount).length;
  const plan = useCopyPlan(chosen);
  const trendDays = useSettings((s) => s.trendDays);
  const trends = useTrends(tags.map((tag) => tag.hashtag));
  const indexing = useExportCounts();
  const banned = useBannedTagSet(tags.length > 0);
  const isSuggestionsFolded = useSettings((s) => s.suggestionsFolded);
  // Room for a few whole rows however much is open above and below (issue 32); the controls above
  // give way first (they scroll). Folded suggestions leave about a row's height: the list takes it.
  const rowsRoom = (isPhone ? ROWS_SHOWN_PHONE : ROWS_SHOWN) + (isSuggestionsFolded ? 1 : 0);
  const listMinHeight = Math.min(Math.max(tags.length, 1), rowsRoom) * ROW_PX;

  const handleCopy = async () => {
    recordClick('copyClick');
    try {
      await navigator.clipboard.writeText(plan.text);
      setCopied(copyLabel(t, 'copied', plan, chosen.length, network));
    } catch {
      setCopied(t('export.copyFailed'));
    }
  };

  return (
    // Scrolls only when even the least of each part does not fit (a short window): Copy stays in view.
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0, overflowY: 'auto' }}>
      {topicBar}
      {/* Check my tags on the title's line where it fits (the list's rows need the height). */}
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, py: 0.75, columnGap: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('export.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="selected-count">
          {t('export.selectedOf', { selected: chosen.length, total: tags.length })}
        </Typography>
        <Box sx={{ mr: -0.5 }}>
          <CheckTagsButton />
        </Box>
      </Stack>
      <ExportControls plan={plan} chosen={tags.filter((tag) => selected.includes(tag.hashtag))} />
      <Box sx={{ flex: `1 0 ${listMinHeight}px`, minHeight: listMinHeight, overflowY: 'auto' }}>
        {tags.length === 0 && <Empty text={t('export.noneSelected')} />}
        {tags.length > 0 && matchingFilter === 0 && <Empty text={t('export.noneFound')} />}
        <List dense disablePadding aria-label={t('export.listLabel')} data-tour="export-list">
          {tags.map((tag) => (
            <ListItem
              key={tag.hashtag}
              disablePadding
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('export.remove', { tag: tag.hashtag })}
                  onClick={() => remove(tag.hashtag)}
                >
                  <Close fontSize="small" />
                </IconButton>
              }
            >
              <ListItemButton onClick={() => toggleSelected(tag.hashtag)} dense>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    size="small"
                    checked={selected.includes(tag.hashtag)}
                    tabIndex={-1}
                    disableRipple
                    slotProps={{ input: { 'aria-label': `#${tag.hashtag}` } }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={
                    banned.has(tag.hashtag) ? (
                      <BannedName hashtag={tag.hashtag} text={text} />
                    ) : (
                      `#${tag.hashtag}`
                    )
                  }
                  secondary={
                    indexing.has(tag.hashtag) ? (
                      <PostCount count={tag.count} isCompact={isPhone} isIndexing text={text} />
                    ) : (
                      formatCount(tag.count, { locale: text.locale, compact: isPhone })
                    )
                  }
                  slotProps={{ primary: { noWrap: true, title: `#${tag.hashtag}` } }}
                />
              </ListItemButton>
              {/* A tag still being looked up has no uses to show yet ("No uses" would mislead). */}
              {!indexing.has(tag.hashtag) && (
                <Box sx={{ pr: 5, flexShrink: 0 }}>
                  <TrendCell
                    hashtag={tag.hashtag}
                    trend={trends.data?.byTag.get(tag.hashtag)}
                    isLoading={trends.isFetching}
                    days={trendDays}
                    compact
                    text={text}
                  />
                </Box>
              )}
            </ListItem>
          ))}
        </List>
      </Box>
      <SuggestedForList />
      <Box
        sx={{
          px: 2,
          py: 1.5,
          borderTop: 1,
          borderColor: 'divider',
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.paper',
          zIndex: 1,
        }}
      >
        <Button
          fullWidth
          variant="contained"
          size="large"
          startIcon={<ContentCopy />}
          disabled={plan.copied.length === 0}
          onClick={handleCopy}
          data-tour="copy"
        >
          {copyLabel(t, 'copy', plan, chosen.length, network)}
        </Button>
      </Box>
      <Snackbar
        open={copied !== null}
        autoHideDuration={LIMITS.snackbarMs}
        onClose={() => setCopied(null)}
        message={copied}
        sx={TOAST_ABOVE_PANE_BAR}
      />
    </Box>
  );
}

/** A banned tag's name with the results' warning (the name is cut first when the row is narrow). */
function BannedName({ hashtag, text }: { hashtag: string; text: RowText }) {
  return (
    <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{`#${hashtag}`}</Box>
      <BannedMark text={text} sx={{ flexShrink: 0 }} />
    </Box>
  );
}

/** Height of one row of the list (a dense item with its count below the name). */
const ROW_PX = 60;
/** Rows the list always has room for, with the help, Copy for, Filters and suggestions all open. */
const ROWS_SHOWN = 6;
const ROWS_SHOWN_PHONE = 4;

function Empty({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }} role="status">
      {text}
    </Typography>
  );
}
