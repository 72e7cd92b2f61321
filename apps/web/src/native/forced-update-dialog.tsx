import SystemUpdate from '@mui/icons-material/SystemUpdate';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';
import type { StorePlatform } from './native-platform';

/** Forced update: no way to close it (no onClose); the button opens the store page. */
export function ForcedUpdateDialog({
  platform,
  onUpdate,
}: {
  platform: StorePlatform;
  onUpdate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      aria-labelledby="forced-update-title"
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="forced-update-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <SystemUpdate color="primary" />
        {t('appUpdate.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('appUpdate.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onUpdate}>
          {t(platform === 'ios' ? 'appUpdate.updateIos' : 'appUpdate.updateAndroid')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
