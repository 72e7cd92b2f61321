import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { AnalyticsView } from './analytics-view';
import { AppDataForm } from './app-data-form';
import { BannedTagsForm } from './banned-tags-form';
import { FeedbackList } from './feedback-list';
import { NetworkCapsForm } from './network-caps-form';

const SECTIONS = ['appdata', 'analytics', 'feedback'] as const;
type Section = (typeof SECTIONS)[number];

/** Administrators: app data (outage, countdown, versions, switches, banned tags), analytics, feedback. */
export function AdminPage() {
  const { t } = useTranslation();
  const { section } = useParams();
  if (!SECTIONS.includes(section as Section)) return <Navigate to="/admin/appdata" replace />;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 }, display: 'flex', justifyContent: 'center' }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 960, p: { xs: 1.5, sm: 3 } }}>
        <Typography variant="h5" component="h1">
          {t('admin.title')}
        </Typography>
        <Tabs
          value={section}
          aria-label={t('admin.sections')}
          variant="scrollable"
          // A phone cuts the last tab (in Portuguese): an arrow says there is more.
          scrollButtons="auto"
          allowScrollButtonsMobile
          sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          {SECTIONS.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`admin.tabs.${name}`)}
              component={RouterLink}
              to={`/admin/${name}`}
            />
          ))}
        </Tabs>
        {section === 'appdata' && (
          <>
            <AppDataForm />
            <NetworkCapsForm />
            <BannedTagsForm />
          </>
        )}
        {section === 'analytics' && <AnalyticsView />}
        {section === 'feedback' && <FeedbackList />}
      </Paper>
    </Box>
  );
}
