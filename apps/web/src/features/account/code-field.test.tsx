import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { CodeField, codeDigits } from './code-field';

function Harness() {
  const [code, setCode] = useState('');
  return <CodeField value={code} onChange={setCode} />;
}

describe('the verification code field', () => {
  afterEach(cleanup);

  it('takes digits only and asks phones for the number pad', () => {
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: /Verification code|Code/ }) as HTMLInputElement;
    expect(field.inputMode).toBe('numeric');
    fireEvent.change(field, { target: { value: '12a3' } });
    expect(field.value).toBe('123');
    fireEvent.change(field, { target: { value: '123 45-6789' } });
    expect(field.value).toBe('123456');
  });

  it('keeps the code of a pasted sentence', () => {
    expect(codeDigits('123 456')).toBe('123456');
    expect(codeDigits('Your Tagscout code: 482-913. It lasts 10 minutes.')).toBe('482913');
    expect(codeDigits('abc')).toBe('');
  });
});
