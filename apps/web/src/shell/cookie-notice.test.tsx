import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ServedCall, serveFakeApi } from '../api/contract-test-helpers';
import { sendEvents } from '../features/appdata/appdata-api';
import { recordClick } from '../features/appdata/track';
import '../i18n/i18n';
import { CookieNotice } from './cookie-notice';
import { useShellOverlays } from './shell-overlays';

// The real call, watched: the tracker sends what is waiting as the page goes away, at once.
vi.mock('../features/appdata/appdata-api', async (importOriginal) => {
  const real = await importOriginal<typeof import('../features/appdata/appdata-api')>();
  return { ...real, sendEvents: vi.fn(real.sendEvents) };
});

function Where() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

/** The notice above a screen at /settings, as the app frame shows it. */
function openApp() {
  render(
    <MemoryRouter initialEntries={['/settings']}>
      <CookieNotice />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const notice = () => screen.queryByRole('region', { name: 'Cookies' });
const press = (name: 'Accept' | 'Decline') =>
  fireEvent.click(within(notice()!).getByRole('button', { name }));

/** A reload: the page starts again from what the browser stored. */
function reload() {
  cleanup();
  useShellOverlays.setState({ hasDeclinedCookies: localStorage.getItem('cookiesDeclined') === '1' });
  openApp();
}

/** Leaving the page sends the analytics events that are waiting: their types. */
function leavePage(): string[] {
  vi.mocked(sendEvents).mockClear();
  window.dispatchEvent(new Event('pagehide'));
  return vi
    .mocked(sendEvents)
    .mock.calls.flatMap(([body]) => (body.events ?? []).map((event) => event.eventType));
}

describe('the cookie notice', () => {
  let calls: ServedCall[];
  beforeEach(() => {
    calls = serveFakeApi({ 'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } } });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    useShellOverlays.setState({ hasDeclinedCookies: false, isTutorialDecided: true, isTutorialOpen: false });
  });

  it('waits on a first visit to a search screen until the tutorial is decided, then asks (issue 32 §9)', () => {
    useShellOverlays.setState({ isTutorialDecided: false });
    render(
      <MemoryRouter initialEntries={['/try']}>
        <CookieNotice />
      </MemoryRouter>,
    );
    // Not drawn for a frame and then hidden when the tutorial opens.
    expect(notice()).toBeNull();
    act(() => useShellOverlays.setState({ isTutorialDecided: true, isTutorialOpen: true }));
    expect(notice()).toBeNull();
    act(() => useShellOverlays.setState({ isTutorialOpen: false }));
    expect(notice()).not.toBeNull();
  });

  it('asks a visitor who has not answered', () => {
    openApp();
    expect(notice()).not.toBeNull();
  });

  it('stores the acceptance, counts it, and does not ask again after a reload', async () => {
    openApp();
    press('Accept');
    expect(notice()).toBeNull();
    expect(localStorage.getItem('hasAcceptedCookies')).toBe('true');
    expect(leavePage()).toEqual(['cookiesAccepted']);
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/events']));
    reload();
    expect(notice()).toBeNull();
  });

  it('on Decline removes an acceptance, stays on the screen, remembers it, and sends no events', () => {
    localStorage.setItem('hasAcceptedCookies', 'false');
    openApp();
    press('Decline');
    expect(notice()).toBeNull();
    expect(screen.getByTestId('path').textContent).toBe('/settings');
    expect(localStorage.getItem('hasAcceptedCookies')).toBeNull();

    // The first copy is an event for a visitor who allows analytics; none leaves this one's device.
    recordClick('copyClick');
    expect(leavePage()).toEqual([]);
    reload();
    expect(notice()).toBeNull();
  });

  it('asks again in another browser (nothing stored)', () => {
    openApp();
    press('Decline');
    cleanup();
    localStorage.clear();
    reload();
    expect(notice()).not.toBeNull();
  });
});
