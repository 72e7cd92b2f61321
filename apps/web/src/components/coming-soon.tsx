import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { landingPath, useSession } from '../shell/session-store';

/** The body of a screen that a later release fills in. */
export function ComingSoon({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const page = t(`pages.${pageKey}`);
  return (
    <Paper
      variant="outlined"
      sx={{
        m: { xs: 2, sm: 4 },
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        maxWidth: 560,
        alignSelf: 'center',
      }}
    >
      <Construction color="secondary" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 1, mb: 1 }}>
        {t('comingSoon.title', { page })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('comingSoon.body')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={landingPath(session)}>
        {t('comingSoon.action')}
      </Button>
    </Paper>
  );
}
