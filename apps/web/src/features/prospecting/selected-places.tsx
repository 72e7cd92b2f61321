import Close from '@mui/icons-material/Close';
import PlaceIcon from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useProspecting } from './prospecting-store';

/** The places selected for the quarry, each with a remove button. */
export function SelectedPlaces() {
  const { t } = useTranslation();
  const places = useProspecting((s) => s.draft?.places ?? []);
  const removePlace = useProspecting((s) => s.removePlace);

  return (
    <Box component="section" aria-labelledby="selected-places-title">
      <Typography id="selected-places-title" variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('prospecting.places.title', { count: places.length })}
      </Typography>
      {places.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('prospecting.places.none')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('prospecting.places.listLabel')}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
        >
          {places.map((place) => (
            <li key={place.id}>
              <Chip
                icon={<PlaceIcon />}
                label={place.title}
                onDelete={() => removePlace(place.id)}
                deleteIcon={
                  <IconButton size="small" aria-label={t('prospecting.places.remove', { name: place.title })}>
                    <Close fontSize="small" />
                  </IconButton>
                }
                color="primary"
                variant="outlined"
              />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
