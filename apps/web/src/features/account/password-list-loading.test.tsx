import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { NewPasswordForm } from './new-password-form';

/** The common-password list arrives when the test says (a slow connection), or never (offline). */
const commonPasswordsModule = vi.hoisted(() => {
  let fail: (error: Error) => void = () => {};
  const arrival = new Promise<{ COMMON_PASSWORDS: ReadonlySet<string> }>((_, reject) => {
    fail = reject;
  });
  return { arrival, fail };
});
vi.mock('@tagscout/core/common-passwords', () => commonPasswordsModule.arrival);

afterEach(cleanup);

describe('the password checklist before the common-password list has loaded', () => {
  it('does not take a password it cannot check yet, and leaves it to the server once the list cannot load', async () => {
    render(
      <MemoryRouter>
        <NewPasswordForm email="ana@example.com" onSubmit={vi.fn()} />
      </MemoryRouter>,
    );
    for (const label of [/^Password/, /^Repeat password/]) {
      fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), {
        target: { value: 'Password123!' },
      });
    }
    const submit = screen.getByRole('button', { name: 'Create account' });
    const rule = () => document.querySelector('li[data-rule="notGuessable"]')?.textContent ?? 'no such rule';
    expect(rule()).not.toContain('(done)');
    expect(submit).toHaveProperty('disabled', true);

    // Offline: the list never comes; the server refuses a common password with its own message.
    commonPasswordsModule.fail(new Error('Failed to fetch dynamically imported module'));
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
  });
});
