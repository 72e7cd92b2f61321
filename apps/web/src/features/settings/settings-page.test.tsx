import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../i18n/i18n';
import { SIGNED_OUT, useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { SettingsPage } from './settings-page';
import { useSettings } from './settings-store';

const renderPage = () =>
  render(
    <MemoryRouter>
      <SettingsPage />
    </MemoryRouter>,
  );
// hidden: a dialog open over the page hides the switch from the accessibility tree.
const brandingSwitch = () =>
  screen.getByRole('switch', { name: 'Remove branding', hidden: true }) as HTMLInputElement;

describe('the settings page', () => {
  afterEach(() => {
    cleanup();
    useSession.setState(SIGNED_OUT);
    useSettings.getState().update({ brandingDisabled: false });
    localStorage.clear();
  });

  it('holds the branding switch until the account is known, so a customer is not offered Pro', () => {
    useSession.setState(SIGNED_OUT);
    renderPage();
    expect(brandingSwitch().disabled).toBe(true);
    fireEvent.click(brandingSwitch());
    expect(screen.queryByRole('dialog', { name: 'Pro feature' })).toBeNull();

    act(() => useSession.setState(testSession('CBcustomer')));
    expect(brandingSwitch().disabled).toBe(false);
    fireEvent.click(brandingSwitch());
    expect(brandingSwitch().checked).toBe(true);
    expect(useSettings.getState().brandingDisabled).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Pro feature' })).toBeNull();
  });

  it('offers Pro when a free visitor turns branding off, and leaves it on', () => {
    useSession.setState(testSession('free'));
    renderPage();
    fireEvent.click(brandingSwitch());
    expect(screen.getByRole('dialog', { name: 'Pro feature' })).toBeTruthy();
    expect(brandingSwitch().checked).toBe(false);
    expect(useSettings.getState().brandingDisabled).toBe(false);
  });
});
