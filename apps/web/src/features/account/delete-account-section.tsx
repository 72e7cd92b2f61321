import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import type { ActiveSubscription, DeletionPreview } from '@tagscout/core/api';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { restartApp } from '../../shell/restart-app';
import { CodeField } from './code-field';
import { accountErrorText } from './error-text';
import { forgetAccountOnDevice } from './forget-account-on-device';
import { deleteAccount, fetchDeletionPreview, sendAccountCode } from './my-account-api';
import { PasswordField } from './password-field';

/** Deleting the account and all its data, after a dialog that names what keeps charging. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t('account.delete.help')}
      </Typography>
      <Box>
        <Button variant="outlined" color="error" onClick={() => setIsOpen(true)}>
          {t('account.delete.open')}
        </Button>
      </Box>
      {isOpen && <DeleteAccountDialog onClose={() => setIsOpen(false)} />}
    </Box>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const preview = useQuery({
    queryKey: ['account', 'deletion'],
    queryFn: ({ signal }) => fetchDeletionPreview(signal),
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-account-title" fullWidth maxWidth="xs">
      <DialogTitle id="delete-account-title">{t('account.delete.dialogTitle')}</DialogTitle>
      {preview.data ? (
        <DeletionForm preview={preview.data} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            {preview.isError ? (
              <Alert severity="error">{accountErrorText(t, preview.error)}</Alert>
            ) : (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
                <CircularProgress size={28} />
              </Box>
            )}
          </DialogContent>
          {/* Refused (too many requests, no connection): ask again, or leave. */}
          {preview.isError && (
            <DialogActions>
              <Button onClick={onClose}>{t('common.cancel')}</Button>
              <Button
                variant="contained"
                disabled={preview.isFetching}
                onClick={() => void preview.refetch()}
              >
                {t('common.retry')}
              </Button>
            </DialogActions>
          )}
        </>
      )}
    </Dialog>
  );
}

function DeletionForm({ preview, onClose }: { preview: DeletionPreview; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [keepsSubscriptions, setKeepsSubscriptions] = useState(false);
  const send = useMutation({ mutationFn: () => sendAccountCode('delete-account') });
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      forgetAccountOnDevice();
      restartApp();
    },
  });
  const { proof, activeSubscriptions } = preview;
  const hasProof = proof === 'none' || (proof === 'password' ? password !== '' : code.length === 6);
  const isAcknowledged = activeSubscriptions.length === 0 || keepsSubscriptions;
  const canDelete = hasProof && isAcknowledged && !remove.isPending && !remove.isSuccess;

  function handleDelete() {
    remove.mutate({
      ...(proof === 'password' && { password }),
      ...(proof === 'code' && { code }),
      keepsSubscriptions,
    });
  }

  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('account.delete.body')}</DialogContentText>
        {activeSubscriptions.length > 0 && (
          <Alert severity="warning">
            <AlertTitle>{t('account.delete.subscriptionsTitle')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {activeSubscriptions.map((subscription) => (
                <li key={`${subscription.store}-${subscription.product}`}>
                  {subscriptionText(t, subscription)}
                </li>
              ))}
            </Box>
            {t('account.delete.subscriptionsBody')}
          </Alert>
        )}
        {activeSubscriptions.length > 0 && (
          <FormControlLabel
            control={
              <Checkbox
                checked={keepsSubscriptions}
                onChange={(event) => setKeepsSubscriptions(event.target.checked)}
              />
            }
            label={t('account.delete.acknowledge')}
          />
        )}
        {proof === 'password' && (
          <PasswordField
            label={t('account.password.label')}
            required
            fullWidth
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        {proof === 'code' &&
          (send.isSuccess ? (
            <CodeField value={code} onChange={setCode} autoFocus />
          ) : (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('account.delete.codeHelp')}
              </Typography>
              <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate()}>
                {t('account.page.emailCode')}
              </Button>
            </Box>
          ))}
        {(send.isError || remove.isError) && (
          <Alert severity="error">{accountErrorText(t, remove.error ?? send.error)}</Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" color="error" disabled={!canDelete} onClick={handleDelete}>
          {t('account.delete.confirm')}
        </Button>
      </DialogActions>
    </>
  );
}

/** "Tagscout Pro Monthly (App Store), renews on 1 Dec 2026". */
function subscriptionText(t: TFunction, subscription: ActiveSubscription): string {
  const store = t(`account.delete.stores.${subscription.store}`);
  const name = `${subscription.product} (${store})`;
  if (subscription.renewsAt === null) return name;
  const date = new Date(subscription.renewsAt).toLocaleDateString(t('common.locale'), {
    dateStyle: 'medium',
  });
  return t('account.delete.renews', { name, date });
}
