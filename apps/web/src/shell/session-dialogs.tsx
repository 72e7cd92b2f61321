import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { LIMITS } from '@tagscout/core/limits';
import { specialOfferRemaining, trialNoticeText } from '@tagscout/core/time';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { openTrialSignup, useTrialSignup } from '../features/account/trial-signup-store';
import { rememberDismissed } from './dialog-dismissals';
import { pickSessionDialog, type SessionDialog } from './dialog-rules';
import { closeSessionDialog, type SessionState, useSession } from './session-store';

/** The dialogs any screen may raise, one at a time (docs/product-rules.md#dialogs). */
export function SessionDialogs() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const session = useSession();
  const isTrialSignupOpen = useTrialSignup((s) => s.isOpen);
  const dialog = pickSessionDialog(session.account, session.dialogs, { pathname, isTrialSignupOpen });
  if (dialog === null) return null;

  const close = (then?: () => void) => {
    closeSessionDialog(dialog);
    rememberDismissed(dialog);
    then?.();
  };
  const text = dialogText(dialog, session, t);
  const actions: Record<SessionDialog, { label: string; onClick: () => void }> = {
    // Closing the notice leads to the special offer while its window is open.
    trialNotice: {
      label: t('dialogs.trialNotice.action'),
      onClick: () => close(() => navigate(isOfferOpen(session) ? '/specialoffer' : '/upgrade')),
    },
    expiredSubscription: {
      label: t('dialogs.expiredSubscription.action'),
      onClick: () => close(() => navigate('/upgrade')),
    },
    registration: { label: t('dialogs.registration.action'), onClick: () => close(openTrialSignup) },
  };
  const handleDismiss = () =>
    close(dialog === 'trialNotice' && isOfferOpen(session) ? () => navigate('/specialoffer') : undefined);

  return (
    <Dialog
      open
      onClose={handleDismiss}
      aria-labelledby="session-dialog-title"
      slotProps={{ paper: { sx: { width: LIMITS.dialogWidthPx, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="session-dialog-title">{text.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text.body}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={handleDismiss}>{t('dialogs.notNow')}</Button>
        <Button variant="contained" onClick={actions[dialog].onClick}>
          {actions[dialog].label}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function isOfferOpen(session: SessionState): boolean {
  return specialOfferRemaining(session.trialEndsAtMs ?? Number.NaN, Date.now()) > 0;
}

function dialogText(
  dialog: SessionDialog,
  session: SessionState,
  t: TFunction,
): { title: string; body: string } {
  if (dialog !== 'registration') {
    return { title: t(`dialogs.${dialog}.title`), body: t(`dialogs.${dialog}.body`) };
  }
  if (!session.isInTrial || session.trialEndsAtMs === null) {
    return { title: t('dialogs.registration.title'), body: t('dialogs.registration.body') };
  }
  const notice = trialNoticeText(Math.max(0, (session.trialEndsAtMs - Date.now()) / 1000));
  return {
    title: t('dialogs.registration.trialTitle'),
    body: t('dialogs.registration.trialBody', {
      left: t(`trial.left.${notice.unit}`, { count: notice.value }),
    }),
  };
}
