import { ThemeProvider } from '@mui/material/styles';
import { INITIAL_WALKTHROUGH } from '@tagscout/core/walkthrough';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { testAppData } from '../appdata/test-app-data';
import { HelpPage } from '../help/help-page';
import { WalkthroughHost } from './walkthrough-host';
import { useWalkthrough } from './walkthrough-store';

/** Longer than the guide's look at the screen (every 400 ms). */
const A_FEW_LOOKS_MS = 1_500;

/** The search screen as the guide sees it: its elements (data-tour), results once searched, and the way to Help. */
function SearchScreen() {
  const [hasResults, setHasResults] = useState(false);
  return (
    <main>
      <input aria-label="Search text" data-tour="search-input" />
      <div role="tablist" data-tour="search-tabs" />
      <button type="button" onClick={() => setHasResults(true)}>
        Search
      </button>
      {hasResults && <div data-tour="result">#travel</div>}
      <Link to="/help">Help</Link>
    </main>
  );
}

function renderGuide() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/tags']}>
          <Routes>
            <Route path="/tags" element={<SearchScreen />} />
            <Route path="/help" element={<HelpPage />} />
          </Routes>
          <WalkthroughHost />
        </MemoryRouter>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

const step = () => screen.queryByTestId('walkthrough-step');
const press = (name: string) =>
  fireEvent.click(within(screen.getByTestId('walkthrough-step')).getByRole('button', { name }));
/** The guide looks at the screen again (its interval), as often as it would in that time. */
const letTheGuideLook = () => act(() => vi.advanceTimersByTime(A_FEW_LOOKS_MS));
/** A click elsewhere once the step listens for one (MUI arms its click-away after a tick). */
async function clickElsewhere() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  fireEvent.click(screen.getByRole('main'));
}

// Moved from the browser (issue 30 §4): walkthrough.spec's 'turns off to the guide-off step, stays off,
// and restarts from Help'. The rules are core's reducer.test; keeping showGuide, walkthrough-store.test.
describe('turning the guide off and restarting it from Help', () => {
  beforeEach(() => {
    // Only the guide's interval is faked: MUI's click-away and the queries keep their real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    // jsdom lays nothing out: every element counts as on screen, as the guide asks (findTarget).
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 100, 20),
    ] as unknown as DOMRectList);
    localStorage.setItem('hasAcceptedCookies', 'true');
    localStorage.setItem('firstTimeUser', 'false');
    useWalkthrough.setState(INITIAL_WALKTHROUGH, true);
    useSession.setState(testSession('unRegTrial'));
    serveFakeApi({
      'GET /api/appdata': { body: testAppData() },
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    });
  });
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
    vi.restoreAllMocks();
    useWalkthrough.setState(INITIAL_WALKTHROUGH, true);
    document.body.removeAttribute('data-guide-off');
  });

  it('turns off to the guide-off step, stays off, and restarts from Help', async () => {
    renderGuide();
    expect(step()?.dataset.step).toBe('search');
    press('Turn off guide');
    expect(step()?.dataset.step).toBe('guideOff');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Guide turned off');
    // Its next is not close: a click elsewhere leaves it open.
    await clickElsewhere();
    expect(step()?.dataset.step).toBe('guideOff');
    press('OK');
    expect(step()).toBeNull();
    expect(localStorage.getItem('showGuide')).toBe('false');

    // Off: results on screen open no step, however long the guide looks.
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    letTheGuideLook();
    expect(step()).toBeNull();
    expect(document.body.hasAttribute('data-guide-off')).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(screen.getByText('The guide is off. Restart it to see every step again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restart the guide' }));
    // On the search screen, from its first step, and kept on.
    expect(screen.getByRole('textbox', { name: 'Search text' })).toBeTruthy();
    expect(step()?.dataset.step).toBe('search');
    expect(localStorage.getItem('showGuide')).toBe('true');
    expect(document.body.hasAttribute('data-guide-off')).toBe(false);

    // A step whose next is close closes on a click elsewhere.
    press('Next');
    expect(step()?.dataset.step).toBe('searchKinds');
    await clickElsewhere();
    expect(step()).toBeNull();
  });
});
