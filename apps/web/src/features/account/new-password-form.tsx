import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { checkPasswordRules, isPasswordAcceptable } from '@tagscout/core/api';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

export interface NewPasswordFormProps {
  email: string;
  onSubmit: (password: string, repeat: string) => void;
}

/** A password, its live checklist and the repeat field; submit waits until every rule holds. */
export function NewPasswordForm({ email, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const canSubmit = isPasswordAcceptable(password, repeat);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) onSubmit(password, repeat);
  }

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      {/* Lets password managers file the new password under the right address. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <Typography color="text.secondary">{t('newAccount.body')}</Typography>
      <PasswordField
        label={t('account.password.label')}
        required
        fullWidth
        autoFocus
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordChecklist checks={checkPasswordRules(password, repeat)} password={password} repeat={repeat} />
      <PasswordField
        label={t('account.password.repeat')}
        required
        fullWidth
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
      />
      <Button type="submit" variant="contained" size="large" disabled={!canSubmit}>
        {t('newAccount.submit')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('newAccount.tryInstead')}{' '}
        <Link component={RouterLink} to="/try">
          {t('newAccount.tryLink')}
        </Link>
      </Typography>
    </Box>
  );
}
