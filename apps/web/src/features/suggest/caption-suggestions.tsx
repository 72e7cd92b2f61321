import Check from '@mui/icons-material/Check';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CAPTION_SUGGEST_LIMITS } from '@tagscout/core/api';
import { formatCount } from '@tagscout/core/format';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../api/client';
import { errorText } from '../../api/error-text';
import { spendRelatedSearch, useCapabilities, useSession } from '../../shell/session-store';
import { useExportList } from '../export/export-store';
import { useRecountRelatedSearches } from '../search/related-searches';
import { useSettings } from '../settings/settings-store';
import { fetchCaptionSuggestions } from './caption-api';

/**
 * "Tags for your words" in Check my tags (issue 35): tags people use with the words of what was
 * pasted, each added with one click. It costs a related search, so visitors with a daily allowance
 * ask with a button; everyone else gets them with the check.
 */
export function CaptionSuggestions({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const caps = useCapabilities();
  const network = useSettings((settings) => settings.searchNetwork);
  const listed = useExportList((state) => state.tags);
  const add = useExportList((state) => state.add);
  const relatedSearches = useSession((session) => session.relatedSearches);
  const isMetered = !caps.unlimitedRelatedSearches && caps.relatedSearchLimit !== null;
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const isTooLong = text.length > CAPTION_SUGGEST_LIMITS.textChars;
  const isAsked = (!isMetered || askedFor === text) && !isTooLong;
  const suggestions = useQuery({
    queryKey: ['suggest-caption', network, text],
    queryFn: () => fetchCaptionSuggestions(text),
    enabled: isAsked && text.trim() !== '',
    staleTime: 60_000,
    retry: false,
  });
  useRecountRelatedSearches(suggestions);
  const isListed = (name: string) => listed.some((tag) => tag.hashtag === name);
  const isLimited =
    suggestions.error instanceof ApiError && suggestions.error.code === 'related_limit_reached';
  const handleAsk = () => {
    spendRelatedSearch();
    setAskedFor(text);
  };

  return (
    <Stack component="section" aria-labelledby="caption-suggestions-title" sx={{ gap: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography id="caption-suggestions-title" variant="subtitle2" component="h3">
          {t('checkTags.captionTitle')}
        </Typography>
        {suggestions.isFetching && <CircularProgress size={14} aria-label={t('checkTags.captionLoading')} />}
      </Stack>
      {isTooLong && (
        <Alert severity="warning" role="alert">
          {t('checkTags.captionTooLong', {
            max: formatCount(CAPTION_SUGGEST_LIMITS.textChars, { locale: i18n.language }),
            count: formatCount(text.length, { locale: i18n.language }),
          })}
        </Alert>
      )}
      {!isAsked && !isTooLong && (
        <Stack sx={{ alignItems: 'flex-start', gap: 0.5 }}>
          <Typography variant="body2" color="text.secondary">
            {relatedSearches === null
              ? t('suggest.usesSearch')
              : relatedSearches.left > 0
                ? t('suggest.usesSearchLeft', {
                    count: relatedSearches.left,
                    allowed: relatedSearches.allowed,
                  })
                : t('suggest.usesSearchNoneLeft', { allowed: relatedSearches.allowed })}
          </Typography>
          <Button size="small" variant="outlined" onClick={handleAsk}>
            {t('checkTags.captionAsk')}
          </Button>
        </Stack>
      )}
      {isLimited ? (
        <UpgradeLine text={t('upgradePrompt.relatedLimitReached')} />
      ) : suggestions.isError ? (
        <Alert severity="error" role="alert">
          {errorText(t, suggestions.error)}
        </Alert>
      ) : isTooLong ? null : suggestions.isPending ? (
        isAsked && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('checkTags.captionLoading')}
          </Typography>
        )
      ) : suggestions.data.suggestions.length === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {t(suggestions.data.words.length === 0 ? 'checkTags.captionNoWords' : 'checkTags.captionNone')}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary">
            {suggestions.data.words.length > 0
              ? t('checkTags.captionFrom', { words: suggestions.data.words.slice(0, 8).join(', ') })
              : t('checkTags.captionNoWords')}
          </Typography>
          <Stack direction="row" data-testid="caption-suggestions" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
            {suggestions.data.suggestions.map((s) => {
              const inList = isListed(s.hashtag);
              return (
                <Chip
                  key={s.hashtag}
                  variant={inList ? 'filled' : 'outlined'}
                  color={inList ? 'success' : s.banned ? 'warning' : 'default'}
                  icon={inList ? <Check /> : <PlaylistAdd />}
                  label={`#${s.hashtag} · ${formatCount(s.count, { locale: i18n.language, compact: true })}`}
                  title={
                    s.words.length > 0
                      ? t('checkTags.captionWhy', { words: s.words.join(', ') })
                      : t('checkTags.captionPopular')
                  }
                  aria-label={
                    inList
                      ? t('checkTags.captionInList', { tag: s.hashtag })
                      : t('suggest.add', { tag: s.hashtag })
                  }
                  onClick={inList ? undefined : () => add({ hashtag: s.hashtag, count: s.count })}
                />
              );
            })}
          </Stack>
          {(suggestions.data.hidden ?? 0) > 0 && (
            <UpgradeLine text={t('suggest.upgradeForMore', { count: suggestions.data.hidden ?? 0 })} />
          )}
        </>
      )}
    </Stack>
  );
}

function UpgradeLine({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2">{text}</Typography>
      <Button size="small" variant="contained" component={RouterLink} to="/upgrade">
        {t('upgradePrompt.action')}
      </Button>
    </Stack>
  );
}
