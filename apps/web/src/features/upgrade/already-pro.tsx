import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCapabilities } from '../../shell/session-store';

/** Paying users and administrators see their plan instead of the prices. */
export function AlreadyPro({ onManageStore }: { onManageStore?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const caps = useCapabilities();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <WorkspacePremium color="primary" sx={{ fontSize: 48 }} />
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mt: 1 }}>
        {t(caps.isPaying ? 'plans.alreadyPro.title' : 'plans.alreadyPro.adminTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {t('plans.alreadyPro.body')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        {caps.canManageAccount && (
          <Button variant="outlined" component={RouterLink} to="/portal">
            {t('menu.manageAccount')}
          </Button>
        )}
        {onManageStore && caps.group === 'mobileCustomer' && (
          <Button variant="outlined" onClick={onManageStore}>
            {t('purchase.manage')}
          </Button>
        )}
        <Button variant="contained" component={RouterLink} to="/tags">
          {t('plans.confirmed.action')}
        </Button>
      </Box>
    </Paper>
  );
}
