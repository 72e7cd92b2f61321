import RestartAlt from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { normalizeQuery } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkPicker } from '../networks/network-picker';
import { useSettings } from '../settings/settings-store';
import { searchKeys } from './queries';
import { SearchKind } from './search-api';
import { useSearch } from './search-store';
import { useIsPhone } from './use-is-phone';

// Narrow tabs on a phone, where the row also holds the New search button.
const TAB_SX = { minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } } as const;

/**
 * Tabs for what to search, the network picker, New search, and the query box: searches 100 ms after
 * typing stops, or at once on Enter. On a phone the picker sits beside the query box, so that the
 * tabs keep their whole labels.
 */
export function SearchBar({ onNewSearch }: { onNewSearch?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const { kind, text, query, setKind, setText, search } = useSearch();
  const queryClient = useQueryClient();
  const phone = useIsPhone();

  useEffect(() => {
    const timer = setTimeout(() => search(normalizeQuery(text)), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, search]);

  // Searching the same text again asks the server again (a tag being indexed may be in by now).
  const searchNow = () => {
    const normalized = normalizeQuery(text);
    if (normalized === query && normalized !== '') {
      void queryClient.invalidateQueries({
        queryKey: searchKeys.results(kind, normalized, useSettings.getState().searchNetwork),
      });
    }
    search(normalized);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      searchNow();
    }
  };

  return (
    <Box
      sx={{
        px: { xs: 1.5, sm: 2 },
        pt: 1,
        pb: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
        <Tabs
          value={kind}
          onChange={(_, value: SearchKind) => setKind(value)}
          aria-label={t('search.kindLabel')}
          data-tour="search-tabs"
          variant="scrollable"
          scrollButtons={false}
          sx={{ flexGrow: 1, minWidth: 0 }}
        >
          <Tab value={SearchKind.tags} label={t('search.tabs.tags')} sx={TAB_SX} />
          <Tab value={SearchKind.places} label={t('search.tabs.places')} data-tour="places-tab" sx={TAB_SX} />
          <Tab value={SearchKind.profiles} label={t('search.tabs.profiles')} disabled sx={TAB_SX} />
        </Tabs>
        {!phone && <NetworkPicker />}
        {onNewSearch && (
          <>
            <Button
              size="small"
              startIcon={<RestartAlt />}
              onClick={onNewSearch}
              data-tour="new-search"
              sx={{ flexShrink: 0, display: { xs: 'none', sm: 'inline-flex' } }}
            >
              {t('search.newSearch')}
            </Button>
            <Tooltip title={t('search.newSearch')}>
              <IconButton
                aria-label={t('search.newSearch')}
                onClick={onNewSearch}
                data-tour="new-search"
                color="primary"
                sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
              >
                <RestartAlt />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        {phone && <NetworkPicker compact />}
        <TextField
          fullWidth
          size="small"
          data-tour="search-input"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder={t(kind === SearchKind.places ? 'search.placeholderPlaces' : 'search.placeholderTags')}
          slotProps={{
            htmlInput: {
              'aria-label': t('search.inputLabel'),
              autoCapitalize: 'none',
              autoCorrect: 'off',
              spellCheck: false,
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton edge="end" aria-label={t('search.button')} onClick={searchNow}>
                    <SearchIcon />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
    </Box>
  );
}
