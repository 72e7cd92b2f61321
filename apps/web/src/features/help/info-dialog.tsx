import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@tagscout/core/limits';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shell/session-store';
import { getDeviceId } from '../account/device-id';

/** Version, device or user id, and the copyright line. */
export function InfoDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const rows: [string, string][] = [
    [t('help.info.version'), LIMITS.clientVersion],
    [t('help.info.device'), getDeviceId()],
    ...(user ? ([[t('help.info.user'), user.id]] as [string, string][]) : []),
  ];
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      aria-labelledby="info-title"
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="info-title">{t('help.info.title')}</DialogTitle>
      <DialogContent>
        <dl style={{ margin: 0 }}>
          {rows.map(([label, value]) => (
            <div key={label} style={{ marginBottom: 12 }}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all' }}>
                {value}
              </Typography>
            </div>
          ))}
        </dl>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('help.info.copyright', { year: new Date().getFullYear() })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
