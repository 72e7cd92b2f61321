import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../api/contract-test-helpers';
import '../i18n/i18n';
import { resetApp } from '../test-reset';
import { setMenuBadge, useMenuBadges } from './menu-badges';
import { MenuDrawer } from './menu-drawer';
import { useSession } from './session-store';
import { type TestGroup, testSession } from './test-sessions';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

function renderMenu(liveDateMs: number | null = null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['countdown'], liveDateMs);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <MenuDrawer isOpen onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return labels();
}

/** Each entry's first line (its label). */
function labels() {
  return within(screen.getByRole('navigation'))
    .getAllByRole('link')
    .map((link) => link.querySelector('.MuiListItemText-primary')?.textContent);
}

function link(name: string | RegExp) {
  return screen.getByRole('link', { name });
}

describe('MenuDrawer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
    useMenuBadges.setState({}, true);
  });

  const byGroup: [TestGroup, string[]][] = [
    ['free', ['Search', 'Get Pro', 'Login', 'Settings', 'Help', 'Follow us']],
    ['trial', ['Search', 'Collections', 'Upgrade', 'Login', 'Settings', 'Help', 'Follow us']],
    ['unRegTrial', ['Search', 'Collections', 'Upgrade', 'Login', 'Settings', 'Help', 'Follow us']],
    // Signed in: Your posts (issue 34), and Account (the account page, issue 32 §8) beside Logout.
    [
      'emailTrial',
      [
        'Search',
        'Collections',
        'Your posts',
        'Account',
        'Logout',
        'Upgrade',
        'Settings',
        'Help',
        'Follow us',
      ],
    ],
    [
      'signedInFree',
      ['Search', 'Your posts', 'Account', 'Logout', 'Get Pro', 'Settings', 'Help', 'Follow us'],
    ],
    ['beta', ['Search', 'Your posts', 'Account', 'Logout', 'Get Pro', 'Settings', 'Help', 'Follow us']],
    [
      'CBcustomer',
      [
        'Search',
        'Collections',
        'Your posts',
        'Manage Account',
        'Account',
        'Logout',
        'Settings',
        'Help',
        'Follow us',
      ],
    ],
    [
      'admin',
      [
        'Search',
        'Collections',
        'Your posts',
        'Account',
        'Logout',
        'Prospecting',
        'Admin',
        'Settings',
        'Help',
        'Follow us',
      ],
    ],
    // A paying customer made admin keeps the billing portal (issue 32 §10).
    [
      'payingAdmin',
      [
        'Search',
        'Collections',
        'Your posts',
        'Manage Account',
        'Account',
        'Logout',
        'Prospecting',
        'Admin',
        'Settings',
        'Help',
        'Follow us',
      ],
    ],
    // A lapsed web subscription is free but still signed in: Logout (not Login), the portal, upgrade.
    [
      'lapsedCustomer',
      [
        'Search',
        'Your posts',
        'Manage Account',
        'Account',
        'Logout',
        'Get Pro',
        'Settings',
        'Help',
        'Follow us',
      ],
    ],
  ];
  it.each(byGroup)('shows a %s visitor the entries of their capabilities', (group, expected) => {
    useSession.setState(testSession(group, NOW));
    expect(renderMenu()).toEqual(expected);
  });

  it('shows neither Login nor Logout before the server has said who the visitor is', () => {
    expect(renderMenu()).toEqual(['Search', 'Get Pro', 'Settings', 'Help', 'Follow us']);
  });

  it('links Search to the limited search when signed out and the full search in a trial', () => {
    renderMenu();
    expect(link('Search').getAttribute('href')).toBe('/try');
    cleanup();
    useSession.setState(testSession('trial', NOW));
    renderMenu();
    expect(link('Search').getAttribute('href')).toBe('/tags');
  });

  it('words the trial time left under Upgrade', () => {
    useSession.setState(testSession('trial', NOW, { trialEndsAtMs: NOW + 2.5 * 86_400_000 }));
    renderMenu();
    expect(link(/Upgrade/).textContent).toContain('3 days left');
    cleanup();
    useSession.setState(testSession('unRegTrial', NOW, { trialEndsAtMs: NOW + 3550_000 }));
    renderMenu();
    expect(link(/Upgrade/).textContent).toContain('1 hour left');
  });

  it('counts the special offer down for 3 days after the trial expired', () => {
    useSession.setState(testSession('expiredTrial', NOW, { trialEndsAtMs: NOW - 86_400_000 }));
    expect(renderMenu()).toContain('Special offer');
    expect(link(/Special offer/).textContent).toContain('Ends in 2d 00:00:00');
    expect(link(/Special offer/).getAttribute('href')).toBe('/specialoffer');
    act(() => vi.advanceTimersByTime(5000));
    expect(link(/Special offer/).textContent).toContain('Ends in 1d 23:59:55');
  });

  it('hides the special offer once its window has closed', () => {
    useSession.setState(testSession('expiredTrial', NOW, { trialEndsAtMs: NOW - 259_200_000 }));
    expect(renderMenu()).not.toContain('Special offer');
  });

  it('shows Join Live with a countdown before the event and up to 15 minutes after its start', () => {
    expect(renderMenu(NOW + 3_600_000)).toContain('Join Live');
    expect(link(/Join Live/).textContent).toContain('Starts in 01:00:00');
    cleanup();
    renderMenu(NOW - 14 * 60_000);
    expect(link(/Join Live/).textContent).toContain('Live now');
    cleanup();
    expect(renderMenu(NOW - 16 * 60_000)).not.toContain('Join Live');
  });

  it("counts down to the live event of the server's /api/countdown, Join Live opening in a new tab", async () => {
    serveFakeApi({ 'GET /api/countdown': { body: { return: { countDownDate: NOW / 1000 + 3600 } } } });
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <MenuDrawer isOpen onClose={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const joinLive = await screen.findByRole('link', { name: /Join Live/ });
    expect(joinLive.textContent).toBe('Join LiveStarts in 01:00:00');
    expect(joinLive.getAttribute('target')).toBe('_blank');
  });

  it('shows badges, with 99+ above 99', () => {
    useSession.setState(testSession('admin', NOW));
    setMenuBadge('prospecting', 150);
    setMenuBadge('collections', 7);
    renderMenu();
    expect(link(/Prospecting/).textContent).toContain('99+');
    expect(link(/Collections/).textContent).toContain('7');
  });
});
