import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** Digits in an emailed code (CodeSchema in core: six). */
const CODE_LENGTH = 6;

export interface CodeFieldProps extends Omit<TextFieldProps, 'onChange' | 'value'> {
  value: string;
  onChange: (code: string) => void;
}

/** An emailed verification code: digits only, so a pasted "123 456" or "Code: 123-456" becomes 123456. */
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
      onChange={(event) => onChange(codeDigits(event.target.value))}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          pattern: '[0-9]*',
          spellCheck: false,
          style: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' },
        },
      }}
    />
  );
}

/** The code's digits in what was typed or pasted; anything else dropped, at most six kept. */
export function codeDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  // A pasted sentence may carry other numbers; a run of exactly six digits is the code.
  const run = text.match(/(?<!\d)\d{3}[\s-]?\d{3}(?!\d)/);
  if (digits.length > CODE_LENGTH && run) return run[0].replace(/\D/g, '');
  return digits.slice(0, CODE_LENGTH);
}
