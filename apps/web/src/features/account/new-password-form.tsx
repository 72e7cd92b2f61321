import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NewPasswordFields } from './new-password-fields';
import { usePasswordChecks } from './use-password-checks';

export interface NewPasswordFormProps {
  email: string;
  onSubmit: (password: string, repeat: string) => void;
}

/** A password, its live checklist and the repeat field; submit waits until every rule holds. */
export function NewPasswordForm({ email, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { checks, isAcceptable: canSubmit } = usePasswordChecks(password, repeat, email);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) onSubmit(password, repeat);
  }

  return (
    <Box component="form" onSubmit={handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      {/* Lets password managers file the new password under the right address. */}
      <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
      <Typography color="text.secondary">{t('newAccount.body')}</Typography>
      <NewPasswordFields
        label={t('account.password.label')}
        checks={checks}
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
        autoFocus
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
