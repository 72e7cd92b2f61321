import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/session-store';
import { useSourceAlerts } from './queries';

/** Administrators only: the social network blocks searches or lookups, or devices hit CORS. */
export function SourceAlerts() {
  const { t } = useTranslation();
  const isAdmin = useSession((s) => s.isAdmin);
  const { data: alerts = [] } = useSourceAlerts(isAdmin);
  if (!isAdmin || alerts.length === 0) return null;
  return (
    <Stack component="section" aria-label={t('search.sourceAlertsLabel')} sx={{ px: 2, pt: 1, gap: 1 }}>
      {alerts.map((alert) => (
        <Alert key={alert} severity="warning" variant="outlined">
          {t(`search.sourceAlerts.${alert}`)}
        </Alert>
      ))}
    </Stack>
  );
}
