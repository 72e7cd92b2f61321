import ArrowForward from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatCount } from '@tagscout/core/format';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/error-text';
import { useIsPhone } from '../search/use-is-phone';
import { useProspecting } from './prospecting-store';
import { usePlaceSearch } from './queries';
import { SelectedPlaces } from './selected-places';

/**
 * Search mode: the places found for the title bar's text, each selectable (selecting
 * toggles it in or out of the quarry), the places selected so far, and Next once there is one.
 */
export function PlaceSearch() {
  const { t, i18n } = useTranslation();
  const isPhone = useIsPhone();
  const text = useProspecting((s) => s.searchText);
  const draft = useProspecting((s) => s.draft);
  const togglePlace = useProspecting((s) => s.togglePlace);
  const goToFilters = useProspecting((s) => s.goToFilters);
  const cancelDraft = useProspecting((s) => s.cancelDraft);
  const results = usePlaceSearch(text);
  const selected = new Set(draft?.places.map((place) => place.id));
  const places = results.data ?? [];
  const isEditing = Boolean(draft?.quarryId);

  return (
    <Box
      component="section"
      aria-labelledby="place-search-title"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box>
        <Typography id="place-search-title" variant="h6" component="h2">
          {isEditing ? t('prospecting.search.titleEdit') : t('prospecting.search.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('prospecting.search.hint')}
        </Typography>
      </Box>
      <SelectedPlaces />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(draft?.places.length ?? 0) > 0 && (
          <Button variant="contained" endIcon={<ArrowForward />} onClick={goToFilters}>
            {t('prospecting.search.next')}
          </Button>
        )}
        <Button onClick={cancelDraft}>{t('prospecting.cancel')}</Button>
      </Box>
      <Box sx={{ height: 4 }}>
        {results.isFetching && <LinearProgress aria-label={t('prospecting.search.searching')} />}
      </Box>
      {text.trim() === '' && (
        <Typography color="text.secondary" role="status">
          {t('prospecting.search.start')}
        </Typography>
      )}
      {results.isError && <Alert severity="error">{errorText(t, results.error)}</Alert>}
      {results.isSuccess && places.length === 0 && text.trim() !== '' && (
        <Typography color="text.secondary" role="status">
          {t('prospecting.search.noResults')}
        </Typography>
      )}
      {places.length > 0 && (
        <List
          aria-label={t('prospecting.search.results')}
          dense
          sx={{ bgcolor: 'background.paper', borderRadius: 2, border: 1, borderColor: 'divider' }}
        >
          {places.map((place) => {
            const isSelected = selected.has(place.id);
            const count = formatCount(place.item.count, { compact: isPhone, locale: i18n.language });
            return (
              <ListItem key={place.id} disablePadding data-testid="place-result">
                <ListItemButton
                  role="checkbox"
                  aria-checked={isSelected}
                  selected={isSelected}
                  onClick={() =>
                    togglePlace({ id: place.id, title: place.item.title, count: place.item.count })
                  }
                >
                  <ListItemIcon sx={{ minWidth: 40 }}>
                    <Checkbox
                      edge="start"
                      checked={isSelected}
                      tabIndex={-1}
                      disableRipple
                      slotProps={{ input: { 'aria-hidden': true } }}
                    />
                  </ListItemIcon>
                  <ListItemText
                    primary={place.item.title}
                    secondary={t('prospecting.search.posts', { count: place.item.count, formatted: count })}
                  />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}
