import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { MenuDrawer } from './menu-drawer';
import { SIGNED_OUT, useSession } from './session-store';

function renderMenu() {
  render(
    <MemoryRouter>
      <MenuDrawer isOpen onClose={() => {}} />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('MenuDrawer', () => {
  afterEach(() => useSession.setState(SIGNED_OUT));

  it('shows a signed-out visitor search, upgrade, login, settings, help and the social page', () => {
    expect(renderMenu()).toEqual(['Search', 'Get Pro', 'Login', 'Settings', 'Help', 'Follow us']);
  });

  it('shows an admin collections, account, prospecting and logout but no login or upgrade', () => {
    useSession.setState({ ...SIGNED_OUT, isSignedIn: true, isAdmin: true, accountId: 'acc-1' });
    expect(renderMenu()).toEqual([
      'Search',
      'Collections',
      'Manage Account',
      'Prospecting',
      'Settings',
      'Help',
      'Follow us',
      'Logout',
    ]);
  });

  it('links Search to the limited search when signed out and the full search in a trial', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/try');
  });
});
