import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { NewPasswordForm } from './new-password-form';

function renderForm() {
  const onSubmit = vi.fn();
  render(
    <MemoryRouter>
      <NewPasswordForm email="ana@example.com" onSubmit={onSubmit} />
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

  it('ticks each rule live as the password grows', () => {
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
    expect(metRules()).toEqual(['length', 'lowercase', 'uppercase', 'digit', 'special']);
  });

  it('enables submit only when both fields match', () => {
    const { password, repeat, type, onSubmit } = renderForm();
    type(password, 'Tagscout#2026');
    type(repeat, 'Tagscout#2025');
    expect(metRules()).not.toContain('match');
    expect(submit()).toHaveProperty('disabled', true);
    type(repeat, 'Tagscout#2026');
    expect(metRules()).toContain('match');
    expect(submit()).toHaveProperty('disabled', false);
    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith('Tagscout#2026', 'Tagscout#2026');
  });

  it('does not count a space as the special character', () => {
    const { password, type } = renderForm();
    type(password, 'Tag scout 2026');
    expect(metRules()).not.toContain('special');
  });
});
