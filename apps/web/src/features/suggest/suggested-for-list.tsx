import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Star from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RelatedSearches } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { spendRelatedSearch, useCapabilities, useSession } from '../../shell/session-store';
import { useExportList } from '../export/export-store';
import { OwnTagsThatWorkChips } from '../own-posts/own-tags-that-work-chips';
import { useRecountRelatedSearches } from '../search/related-searches';
import { useSettings } from '../settings/settings-store';
import { fetchSuggestions } from './suggest-api';

/**
 * "Suggested for this list": tags that go with the export list; one click adds. Each fetch counts as a
 * related search, so visitors with a daily allowance ask for suggestions with a button instead of
 * spending their allowance on every change to the list; everyone else gets them refreshed as it changes.
 */
export function SuggestedForList() {
  const { t, i18n } = useTranslation();
  const caps = useCapabilities();
  const tags = useExportList((state) => state.tags);
  const add = useExportList((state) => state.add);
  const names = tags.map((tag) => tag.hashtag);
  const network = useSettings((settings) => settings.searchNetwork);
  const namesKey = names.join(',');
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const isFolded = useSettings((settings) => settings.suggestionsFolded);
  const updateSettings = useSettings((settings) => settings.update);
  const isMetered = !caps.unlimitedRelatedSearches && caps.relatedSearchLimit !== null;
  const relatedSearches = useSession((session) => session.relatedSearches);
  const isAsked = !isMetered || askedFor === namesKey;
  const suggestions = useQuery({
    queryKey: ['suggest', network, names],
    queryFn: () => fetchSuggestions(names),
    enabled: names.length > 0 && isAsked,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  useRecountRelatedSearches(suggestions);
  if (names.length === 0) return null;

  const isLimited =
    suggestions.error instanceof ApiError && suggestions.error.code === 'related_limit_reached';
  const shown = (suggestions.data?.suggestions ?? []).filter((s) => !names.includes(s.hashtag));
  const handleAsk = () => {
    spendRelatedSearch();
    setAskedFor(namesKey);
  };
  return (
    <Box
      component="section"
      aria-labelledby="suggested-title"
      // As tall as what it holds, never cut (its chips scroll by whole lines past two).
      sx={{ px: 2, pb: 1, borderTop: 1, borderColor: 'divider', flex: '0 0 auto' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, py: 0.25 }}>
        <Typography id="suggested-title" variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
          {t('suggest.title')}
          {isFolded && shown.length > 0 && ` (${shown.length})`}
        </Typography>
        {suggestions.isFetching && <CircularProgress size={14} aria-label={t('suggest.loading')} />}
        <IconButton
          size="small"
          sx={{ p: 0.25, mr: -0.25 }}
          aria-expanded={!isFolded}
          aria-controls="suggested-body"
          aria-label={isFolded ? t('suggest.unfold') : t('suggest.fold')}
          onClick={() => updateSettings({ suggestionsFolded: !isFolded })}
        >
          {isFolded ? <ExpandMore fontSize="small" /> : <ExpandLess fontSize="small" />}
        </IconButton>
      </Stack>
      <Box id="suggested-body" hidden={isFolded}>
        {!isAsked && !isLimited && (
          // What asking costs is said before the button (issue 32 §7).
          <Stack sx={{ alignItems: 'flex-start', gap: 0.5, mb: 0.75 }}>
            <Typography variant="body2" color="text.secondary">
              {costText(t, relatedSearches)}
            </Typography>
            <Button size="small" variant="outlined" onClick={handleAsk}>
              {suggestions.data ? t('suggest.refresh') : t('suggest.ask')}
            </Button>
          </Stack>
        )}
        {isLimited ? (
          <UpgradeLine text={t('upgradePrompt.relatedLimitReached')} />
        ) : suggestions.isError ? (
          <Typography variant="body2" color="error" role="alert">
            {errorText(t, suggestions.error)}
          </Typography>
        ) : !suggestions.data ? null : shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('suggest.none')}
          </Typography>
        ) : (
          <Stack
            direction="row"
            data-testid="suggested-tags"
            sx={{
              flexWrap: 'wrap',
              gap: `${CHIP_GAP_PX}px`,
              maxHeight: CHIP_LINES_SHOWN * CHIP_PX + (CHIP_LINES_SHOWN - 1) * CHIP_GAP_PX,
              overflowY: 'auto',
              scrollSnapType: 'y mandatory',
              '& > *': { scrollSnapAlign: 'start' },
            }}
          >
            {shown.map((s) => (
              <Chip
                key={s.hashtag}
                size="small"
                variant="outlined"
                color={s.banned ? 'warning' : 'default'}
                icon={<PlaylistAdd />}
                label={`#${s.hashtag} · ${formatCount(s.count, { locale: i18n.language, compact: true })}`}
                title={t('suggest.why', { count: s.lists, total: names.length })}
                aria-label={t('suggest.add', { tag: s.hashtag })}
                onClick={() => add({ hashtag: s.hashtag, count: s.count })}
              />
            ))}
          </Stack>
        )}
        {/* The user's own tags that work, only when they turned it on under Your posts (issue 34). */}
        <OwnTagsThatWorkChips exclude={names} />
        {!isLimited && (suggestions.data?.hidden ?? 0) > 0 && (
          <UpgradeLine text={t('suggest.upgradeForMore', { count: suggestions.data?.hidden ?? 0 })} />
        )}
      </Box>
    </Box>
  );
}

/** Lines of chips shown at once (more scroll, line by line): the export list keeps the pane's height. */
const CHIP_LINES_SHOWN = 2;
/** A small chip's height, and the gap between chips. */
const CHIP_PX = 24;
const CHIP_GAP_PX = 6;

/** What asking costs: one related search, and what is left today when the server's count is known. */
function costText(t: TFunction, relatedSearches: RelatedSearches | null): string {
  if (relatedSearches === null) return t('suggest.usesSearch');
  const { allowed, left } = relatedSearches;
  return left > 0
    ? t('suggest.usesSearchLeft', { count: left, allowed })
    : t('suggest.usesSearchNoneLeft', { allowed });
}

function UpgradeLine({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    // The button beside the text, which wraps in its own column: one short line, not two.
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mt: 0.75 }}>
      <Typography variant="body2" sx={{ flex: 1 }}>
        {text}
      </Typography>
      <Button
        size="small"
        variant="contained"
        startIcon={<Star />}
        component={RouterLink}
        to="/upgrade"
        sx={{ flexShrink: 0 }}
      >
        {t('upgradePrompt.action')}
      </Button>
    </Stack>
  );
}
