import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useAppData } from '../features/appdata/queries';

/** The outage message an administrator switched on, in the visitor's language. */
export function OutageBanner() {
  const { t, i18n } = useTranslation();
  const outage = useAppData().data?.outage;
  if (!outage?.showMessage) return null;
  const text = (i18n.resolvedLanguage === 'pt' ? outage.pt : outage.en) || outage.en || outage.pt;
  if (!text) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      aria-label={t('shell.outage')}
      sx={{ borderRadius: 0, py: 0.25, justifyContent: 'center', '& .MuiAlert-message': { fontWeight: 500 } }}
    >
      {text}
    </Alert>
  );
}
