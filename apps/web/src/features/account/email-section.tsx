import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CodeField } from './code-field';
import { accountErrorText } from './error-text';
import { sendEmailChangeCode } from './my-account-api';
import { PasswordField } from './password-field';
import { useChangeEmail } from './queries';

export interface EmailSectionProps {
  email: string;
  hasPassword: boolean;
}

/**
 * The account's address, and a new one: the current password proves it is the owner, a code sent to
 * the new address proves that mailbox, and the old address is told. An account without a password
 * sets one first.
 */
export function EmailSection({ email, hasPassword }: EmailSectionProps) {
  const { t } = useTranslation();
  const [isChanging, setIsChanging] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>{email}</Typography>
      {notice && <Alert severity="success">{notice}</Alert>}
      {!hasPassword ? (
        <Typography variant="body2" color="text.secondary">
          {t('account.page.emailNeedsPassword')}
        </Typography>
      ) : isChanging ? (
        <ChangeEmailForm
          onCancel={() => setIsChanging(false)}
          onDone={(newEmail) => {
            setIsChanging(false);
            setNotice(t('account.page.emailChanged', { email: newEmail }));
          }}
        />
      ) : (
        <Box>
          <Button
            variant="outlined"
            onClick={() => {
              setNotice(null);
              setIsChanging(true);
            }}
          >
            {t('account.page.changeEmail')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function ChangeEmailForm({ onCancel, onDone }: { onCancel: () => void; onDone: (email: string) => void }) {
  const { t } = useTranslation();
  const [newEmail, setNewEmail] = useState('');
  const [current, setCurrent] = useState('');
  const [code, setCode] = useState('');
  const send = useMutation({ mutationFn: sendEmailChangeCode });
  const change = useChangeEmail();
  const isCodeStep = send.isSuccess;
  const email = newEmail.trim();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!isCodeStep) {
      send.mutate({ email, currentPassword: current });
      return;
    }
    change.mutate({ email, code }, { onSuccess: (me) => onDone(me.user?.email ?? email) });
  }

  const error = isCodeStep ? change.error : send.error;
  return (
    <Box
      component="form"
      aria-label={t('account.page.changeEmail')}
      onSubmit={handleSubmit}
      sx={{ display: 'grid', gap: 2 }}
    >
      {error && <Alert severity="error">{accountErrorText(t, error)}</Alert>}
      {!isCodeStep ? (
        <>
          <TextField
            label={t('account.page.newEmail')}
            type="email"
            required
            fullWidth
            autoComplete="email"
            value={newEmail}
            onChange={(event) => setNewEmail(event.target.value)}
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <PasswordField
            label={t('account.page.currentPassword')}
            required
            fullWidth
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            <Trans
              i18nKey="account.page.emailCodeSent"
              values={{ email }}
              components={{ strong: <strong /> }}
            />
          </Typography>
          <CodeField value={code} onChange={setCode} autoFocus />
        </>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={
            isCodeStep
              ? code.length !== 6 || change.isPending
              : email === '' || current === '' || send.isPending
          }
        >
          {isCodeStep ? t('account.page.changeEmail') : t('account.page.sendCode')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Box>
    </Box>
  );
}
