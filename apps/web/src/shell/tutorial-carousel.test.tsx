import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../api/contract-test-helpers';
import { testAppData } from '../features/appdata/test-app-data';
import '../i18n/i18n';
import { useSession } from './session-store';
import { openTutorial, useShellOverlays } from './shell-overlays';
import { testSession } from './test-sessions';
import { TutorialCarousel } from './tutorial-carousel';

function renderCarousel(path = '/settings') {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <TutorialCarousel />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const title = () => screen.getByRole('dialog').querySelector('#tutorial-title')?.textContent;

describe('TutorialCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    useShellOverlays.setState({ isTutorialOpen: false });
    useSession.setState(useSession.getInitialState());
  });

  it('shows 6 slides, one every 3500 ms, and stops on the last', () => {
    useSession.setState(testSession('trial'));
    renderCarousel();
    act(() => openTutorial());
    const seen = [title()];
    for (let i = 0; i < 6; i += 1) {
      act(() => vi.advanceTimersByTime(3499));
      expect(title()).toBe(seen.at(-1));
      act(() => vi.advanceTimersByTime(1));
      if (title() !== seen.at(-1)) seen.push(title());
    }
    expect(seen).toEqual([
      'Search hashtags',
      'Search places',
      'Build your list',
      'Copy in one tap',
      'Save collections',
      "We'll show you around",
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(useShellOverlays.getState().isTutorialOpen).toBe(false);
  });

  it('promises a free visitor, who gets no guide, the guide of the trial instead', () => {
    useSession.setState(testSession('free'));
    renderCarousel();
    act(() => openTutorial());
    for (let slide = 1; slide < 6; slide += 1) act(() => vi.advanceTimersByTime(3500));
    expect(title()).toBe('A guided tour with the trial');
    expect(screen.getByRole('dialog').textContent).toContain(
      'Start a free trial and a short guide points out each step as you go.',
    );
  });

  it('promises a visitor whose trial is over the guide of Pro', () => {
    useSession.setState(testSession('expiredTrial'));
    renderCarousel();
    act(() => openTutorial());
    for (let slide = 1; slide < 6; slide += 1) act(() => vi.advanceTimersByTime(3500));
    expect(title()).toBe('A guided tour with Pro');
  });
});

describe('the tutorial on a first visit', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
    useShellOverlays.setState({ isTutorialOpen: false, isTutorialDecided: true });
  });

  it('opens by itself on the first visit to a search screen, is counted, and not again', async () => {
    const calls = serveFakeApi({
      'GET /api/appdata': { body: testAppData() },
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    });
    useShellOverlays.setState({ isTutorialDecided: false });
    renderCarousel('/try');
    await screen.findByRole('dialog', { name: 'Search hashtags' });
    expect(localStorage.getItem('firstTimeUser')).toBe('false');
    // Leaving the page sends the events waiting: the tutorial's view among them.
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(() =>
      expect(
        calls
          .filter((call) => call.url === '/api/events')
          .flatMap((call) => (call.body as { events: { eventType: string }[] }).events)
          .map((event) => event.eventType),
      ).toContain('tutorialViewed'),
    );

    // The next visit (a reload): decided from what the browser stored, and no tutorial.
    cleanup();
    useShellOverlays.setState({ isTutorialOpen: false, isTutorialDecided: false });
    renderCarousel('/try');
    await vi.waitFor(() => expect(useShellOverlays.getState().isTutorialDecided).toBe(true));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
