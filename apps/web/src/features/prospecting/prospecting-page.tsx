import ArrowBack from '@mui/icons-material/ArrowBack';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsPhone } from '../search/use-is-phone';
import { PlaceSearch } from './place-search';
import { ProspectingBar } from './prospecting-bar';
import { useProspecting } from './prospecting-store';
import { QuarryDetail } from './quarry-detail';
import { QuarryFiltersForm } from './quarry-filters-form';
import { QuarryList } from './quarry-list';
import { UsagePanel } from './usage-panel';

/**
 * /prospecting (admin only): the title bar with the location search; the quarries and the usage on
 * the left; on the right the place search, the filters form or a quarry with its prospects. A phone
 * shows one side at a time.
 */
export function ProspectingPage() {
  const isPhone = useIsPhone();
  const mode = useProspecting((s) => s.mode);
  const backToList = useProspecting((s) => s.backToList);
  // Coming back to the screen starts from the list.
  useEffect(() => () => backToList(), [backToList]);

  const side = (
    <>
      <QuarryList />
      <Divider />
      <UsagePanel />
    </>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <ProspectingBar />
      {isPhone ? (
        <Box sx={{ flexGrow: 1 }}>{mode === 'list' ? side : <Main />}</Box>
      ) : (
        <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
          <Box
            component="aside"
            sx={{
              width: { sm: 300, md: 340 },
              flexShrink: 0,
              borderRight: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
              overflow: 'auto',
            }}
          >
            {side}
          </Box>
          <Box sx={{ flexGrow: 1, minWidth: 0, overflow: 'auto' }}>
            <Main />
          </Box>
        </Box>
      )}
    </Box>
  );
}

function Main() {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const mode = useProspecting((s) => s.mode);
  const selectedQuarryId = useProspecting((s) => s.selectedQuarryId);
  const backToList = useProspecting((s) => s.backToList);
  const startNewQuarry = useProspecting((s) => s.startNewQuarry);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 1000 }}>
      {isPhone && mode === 'quarry' && (
        <Button startIcon={<ArrowBack />} onClick={backToList} sx={{ mb: 1, ml: -1 }}>
          {t('prospecting.backToList')}
        </Button>
      )}
      {mode === 'search' && <PlaceSearch />}
      {mode === 'filters' && <QuarryFiltersForm />}
      {mode === 'quarry' && selectedQuarryId && <QuarryDetail quarryId={selectedQuarryId} />}
      {mode === 'quarry' && isPhone && (
        <Box sx={{ mx: -2, mt: 2 }}>
          <Divider />
          <UsagePanel />
        </Box>
      )}
      {mode === 'list' && (
        <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }}>
          <TravelExplore sx={{ fontSize: 56, mb: 1 }} />
          <Typography variant="h6" component="p" color="text.primary">
            {t('prospecting.welcome.title')}
          </Typography>
          <Typography sx={{ maxWidth: 460, mx: 'auto', mt: 1 }}>{t('prospecting.welcome.text')}</Typography>
          <Button variant="contained" sx={{ mt: 3 }} onClick={startNewQuarry}>
            {t('prospecting.list.new')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
