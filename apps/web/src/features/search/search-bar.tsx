import RestartAlt from '@mui/icons-material/RestartAlt';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { LIMITS } from '@tagscout/core/limits';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkPicker } from '../networks/network-picker';
import { useSettings } from '../settings/settings-store';
import { useIsCompact } from './compact-pane';
import { searchKeys } from './queries';
import { SearchKind } from './search-api';
import { searchQueryOf } from './search-query';
import { useSearch } from './search-store';

// In a compact pane the tabs are narrow: their row also holds the New search button.
const TAB_SX = { minWidth: 90, px: 2 } as const;
const COMPACT_TAB_SX = { minWidth: 0, px: 1.25 } as const;

/**
 * Tabs for what to search, the network picker, New search, and the query box: searches 100 ms after
 * typing stops, or at once on Enter. In a compact pane (a phone, or beside the export list on a
 * tablet) the picker sits beside the query box, so that the tabs keep their whole labels.
 */
export function SearchBar({
  onNewSearch,
  isFocusedOnArrival = false,
}: {
  onNewSearch?: (() => void) | undefined;
  /** The box takes the focus as it shows (a trial just started on this visit: focus-search.ts). */
  isFocusedOnArrival?: boolean;
}) {
  const { t } = useTranslation();
  // Not the query: searching (100 ms after typing stops) need not draw the bar again.
  const kind = useSearch((s) => s.kind);
  const text = useSearch((s) => s.text);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (isFocusedOnArrival) input.current?.focus();
  }, [isFocusedOnArrival]);
  const { setKind, setText, search } = useSearch.getState();
  const queryClient = useQueryClient();
  const isCompact = useIsCompact();
  const network = useSettings((settings) => settings.searchNetwork);
  // Profile search is not offered yet: its tab says so instead of being greyed out without a word.
  const [isProfilesNoteShown, setProfilesNoteShown] = useState(false);
  const chooseKind = useCallback(
    (value: SearchKind) => {
      setProfilesNoteShown(value === SearchKind.profiles);
      if (value !== SearchKind.profiles) setKind(value);
    },
    [setKind],
  );

  useEffect(() => {
    const timer = setTimeout(() => search(searchQueryOf(kind, text, network)), LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
  }, [kind, text, network, search]);

  // Searching the same text again asks the server again (a tag being indexed may be in by now).
  const searchNow = () => {
    const normalized = searchQueryOf(kind, text, network);
    if (normalized === useSearch.getState().query && normalized !== '') {
      void queryClient.invalidateQueries({ queryKey: searchKeys.results(kind, normalized, network) });
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
        px: isCompact ? 1.5 : 2,
        pt: 1,
        pb: 1.5,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <KindRow
        kind={kind}
        isCompact={isCompact}
        isProfilesNoteShown={isProfilesNoteShown}
        onChooseKind={chooseKind}
        onNewSearch={onNewSearch}
      />
      {isProfilesNoteShown && (
        <Alert
          id="profiles-note"
          severity="info"
          sx={{ mb: 1 }}
          onClose={() => setProfilesNoteShown(false)}
          slotProps={{ closeButton: { title: t('search.profilesNoteClose') } }}
        >
          {t('search.profilesNotYet')}
        </Alert>
      )}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        {isCompact && <NetworkPicker compact />}
        <TextField
          fullWidth
          size="small"
          data-tour="search-input"
          inputRef={input}
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

interface KindRowProps {
  kind: SearchKind;
  isCompact: boolean;
  isProfilesNoteShown: boolean;
  onChooseKind: (kind: SearchKind) => void;
  onNewSearch: (() => void) | undefined;
}

/**
 * The tabs, the network picker and New search. Drawn again only when its props change: MUI's tabs
 * measure the page after every draw, and drawing them on each keystroke and with each result set
 * forced a layout of the whole page each time (issue 33).
 */
const KindRow = memo(function KindRow({
  kind,
  isCompact,
  isProfilesNoteShown,
  onChooseKind,
  onNewSearch,
}: KindRowProps) {
  const { t } = useTranslation();
  const tabSx = isCompact ? COMPACT_TAB_SX : TAB_SX;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
      <Tabs
        value={kind}
        onChange={(_, value: SearchKind) => onChooseKind(value)}
        aria-label={t('search.kindLabel')}
        data-tour="search-tabs"
        variant="scrollable"
        scrollButtons={false}
        sx={{ flexGrow: 1, minWidth: 0 }}
      >
        <Tab value={SearchKind.tags} label={t('search.tabs.tags')} sx={tabSx} />
        <Tab value={SearchKind.places} label={t('search.tabs.places')} data-tour="places-tab" sx={tabSx} />
        <Tab
          value={SearchKind.profiles}
          label={t('search.tabs.profiles')}
          aria-describedby={isProfilesNoteShown ? 'profiles-note' : undefined}
          sx={{ ...tabSx, color: 'text.disabled' }}
        />
      </Tabs>
      {!isCompact && <NetworkPicker />}
      {onNewSearch && (
        // One button in both layouts, so that it keeps the focus when the pane changes width (a
        // new search empties the export list, and the pane widens).
        <Tooltip title={isCompact ? t('search.newSearch') : ''}>
          <Button
            size="small"
            startIcon={isCompact ? undefined : <RestartAlt />}
            onClick={onNewSearch}
            aria-label={t('search.newSearch')}
            data-tour="new-search"
            sx={{ flexShrink: 0, ...(isCompact && { minWidth: 0, p: 1, borderRadius: '50%' }) }}
          >
            {isCompact ? <RestartAlt /> : t('search.newSearch')}
          </Button>
        </Tooltip>
      )}
    </Stack>
  );
});
