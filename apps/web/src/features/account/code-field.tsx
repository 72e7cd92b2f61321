import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface CodeFieldProps extends Omit<TextFieldProps, 'onChange' | 'value'> {
  value: string;
  onChange: (code: string) => void;
}

/** An emailed verification code: upper-cased as typed (SPEC section 5), required. */
export function CodeField({ value, onChange, ...props }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('account.code.label')}
      required
      fullWidth
      autoComplete="one-time-code"
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value.toUpperCase())}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          autoCapitalize: 'characters',
          spellCheck: false,
          maxLength: 12,
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );
}
