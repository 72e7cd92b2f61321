import type { PasswordRule } from '@tagscout/core/passwords';
import { useTranslation } from 'react-i18next';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';

export interface NewPasswordFieldsProps {
  label: string;
  /** usePasswordChecks(password, repeat, email): the rules as the server checks them. */
  checks: Record<PasswordRule, boolean>;
  password: string;
  repeat: string;
  onPasswordChange: (password: string) => void;
  onRepeatChange: (repeat: string) => void;
  autoFocus?: boolean;
}

/** A new password, the live checklist of the password rules, and the repeat field (sign-up, reset, the account page). */
export function NewPasswordFields({
  label,
  checks,
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  autoFocus = false,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        required
        fullWidth
        autoFocus={autoFocus}
        autoComplete="new-password"
        value={password}
        onChange={(event) => onPasswordChange(event.target.value)}
      />
      <PasswordChecklist checks={checks} password={password} repeat={repeat} />
      <PasswordField
        label={t('account.password.repeat')}
        required
        fullWidth
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => onRepeatChange(event.target.value)}
      />
    </>
  );
}
