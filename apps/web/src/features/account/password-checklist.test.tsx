import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { NewPasswordForm } from './new-password-form';

function renderForm(email = 'ana@example.com') {
  const onSubmit = vi.fn();
  render(
    <MemoryRouter>
      <NewPasswordForm email={email} onSubmit={onSubmit} />
    </MemoryRouter>,
  );
  const password = screen.getByLabelText(/^Password/, { selector: 'input' });
  const repeat = screen.getByLabelText(/^Repeat password/, { selector: 'input' });
  const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
  return { onSubmit, password, repeat, type };
}

/** The rules the checklist marks as met, by their data-rule name. */
function metRules(): string[] {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .filter((item) => item.textContent?.includes('(done)'))
    .map((item) => item.dataset.rule ?? '');
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('password checklist on the account-setup form', () => {
  afterEach(cleanup);

  it('starts with no rule met and submit disabled', () => {
    renderForm();
    expect(metRules()).toEqual([]);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('ticks each rule live as the password grows', async () => {
    const { password, type } = renderForm();
    type(password, 'a');
    expect(metRules()).toEqual(['lowercase']);
    type(password, 'aB');
    expect(metRules()).toEqual(['lowercase', 'uppercase']);
    type(password, 'aB3');
    expect(metRules()).toEqual(['lowercase', 'uppercase', 'digit']);
    type(password, 'aB3!');
    expect(metRules()).toEqual(['lowercase', 'uppercase', 'digit', 'special']);
    type(password, 'aB3!efgh');
    expect(metRules()).not.toContain('length');
    expect(screen.getByText(/More than 8 characters \(8 so far\)/)).toBeTruthy();
    type(password, 'aB3!efghi');
    // Not common: known once the common-password list is in.
    await waitFor(() =>
      expect(metRules()).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special', 'notGuessable']),
    );
  });

  it('enables submit only when both fields match', async () => {
    const { password, repeat, type, onSubmit } = renderForm();
    type(password, 'Saltmarsh#2026');
    type(repeat, 'Saltmarsh#2025');
    expect(metRules()).not.toContain('match');
    expect(submit()).toHaveProperty('disabled', true);
    type(repeat, 'Saltmarsh#2026');
    expect(metRules()).toContain('match');
    await waitFor(() => expect(submit()).toHaveProperty('disabled', false));
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith('Saltmarsh#2026', 'Saltmarsh#2026');
  });

  // Issue 32 §8: the server refused "tagscout" passwords as too common while every rule shown was met.
  it('shows the rule against common and guessable words, unmet for a password with "tagscout"', () => {
    const { password, repeat, type } = renderForm();
    type(password, 'My-Tagscout-2026');
    type(repeat, 'My-Tagscout-2026');
    const rule = screen.getByText(/Not a common password or an easy word/);
    expect(rule.closest('li')?.textContent).toContain('(not yet)');
    expect(metRules()).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special', 'match']);
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('marks a decorated common password ("Password123!") as guessable, as the server does, and keeps Create account disabled', async () => {
    const { password, repeat, type } = renderForm();
    type(password, 'Password123!');
    type(repeat, 'Password123!');
    // Every other rule holds. The common-password list loads on its own: once it has, the rule is unmet.
    await waitFor(() =>
      expect(metRules()).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special', 'match']),
    );
    const rule = screen.getByText(/Not a common password or an easy word/);
    expect(rule.closest('li')?.textContent).toContain('(not yet)');
    expect(submit()).toHaveProperty('disabled', true);
    type(password, 'Saltmarsh#2026');
    type(repeat, 'Saltmarsh#2026');
    await waitFor(() => expect(metRules()).toContain('notGuessable'));
    expect(submit()).toHaveProperty('disabled', false);
  });

  it('marks a password holding the name of the email address as guessable', () => {
    const { password, repeat, type } = renderForm('mariana@example.com');
    type(password, 'Mariana-Rocks-77');
    type(repeat, 'Mariana-Rocks-77');
    expect(metRules()).not.toContain('notGuessable');
    expect(submit()).toHaveProperty('disabled', true);
  });

  it('does not count a space as the special character', () => {
    const { password, type } = renderForm();
    type(password, 'Tag scout 2026');
    expect(metRules()).not.toContain('special');
  });
});
