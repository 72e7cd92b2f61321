import Close from '@mui/icons-material/Close';
import PlaceIcon from '@mui/icons-material/Place';
import SmartToy from '@mui/icons-material/SmartToy';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIsPhone } from '../search/use-is-phone';
import { useProspecting } from './prospecting-store';

/** The screen's own title bar: the Quarries title and the location search field. */
export function ProspectingBar() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const text = useProspecting((s) => s.searchText);
  const setText = useProspecting((s) => s.setSearchText);

  return (
    <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
        <Typography variant="h6" component="h1" sx={{ fontWeight: 700, flexGrow: { xs: 1, sm: 0 } }}>
          {t('prospecting.title')}
        </Typography>
        <Button
          component={RouterLink}
          to="/prospecting/automation"
          size="small"
          startIcon={<SmartToy />}
          sx={{ order: { xs: 1, sm: 2 }, flexShrink: 0 }}
        >
          {isPhone ? t('prospecting.automation.short') : t('prospecting.automation.link')}
        </Button>
        <TextField
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('prospecting.search.placeholder')}
          sx={{
            order: { xs: 2, sm: 1 },
            flexGrow: 1,
            flexBasis: { xs: '100%', sm: 'auto' },
            maxWidth: { sm: 480 },
            ml: { sm: 'auto' },
          }}
          slotProps={{
            htmlInput: {
              'aria-label': t('prospecting.search.label'),
              autoCapitalize: 'none',
              spellCheck: false,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <PlaceIcon fontSize="small" />
                </InputAdornment>
              ),
              endAdornment: text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label={t('prospecting.search.clear')}
                    onClick={() => setText('')}
                  >
                    <Close fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
      </Toolbar>
    </Box>
  );
}
