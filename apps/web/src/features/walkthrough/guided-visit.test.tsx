import { ThemeProvider } from '@mui/material/styles';
import { INITIAL_WALKTHROUGH, STEP_IDS } from '@tagscout/core/walkthrough';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveFakeApi } from '../../api/contract-test-helpers';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { closeTrialSignup, useTrialSignup } from '../account/trial-signup-store';
import { UpgradePage } from '../upgrade/upgrade-page';
import { WalkthroughHost } from './walkthrough-host';
import { useWalkthrough } from './walkthrough-store';

/** Every step up to the upgrade step already shown, the upgrade step ("Show me") on screen. */
const AT_UPGRADE_STEP = {
  ...INITIAL_WALKTHROUGH,
  shown: STEP_IDS.slice(0, STEP_IDS.indexOf('upgrade') + 1),
  current: 'upgrade' as const,
};

function renderGuideAtTags() {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/tags']}>
          <Routes>
            <Route path="/tags" element={<button type="button" aria-label="Open menu" data-tour="menu" />} />
            <Route path="/upgrade" element={<UpgradePage />} />
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

// Moved from the browser (issue 30 §4): the end of walkthrough.spec's phone test (the desktop walk keeps
// the same steps in the browser). The plans page opened by the guide lets its plans step speak first.
describe('the guide taking an anonymous trial to the plans page', () => {
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 40, 40),
    ] as unknown as DOMRectList);
    useWalkthrough.setState(AT_UPGRADE_STEP, true);
    useSession.setState(testSession('unRegTrial'));
    serveFakeApi({
      'GET /api/billing/info': { body: { provider: 'local', isSpecialOfferOpen: false } },
      'POST /api/events': { status: 202, body: { accepted: 1, duplicates: 0 } },
    });
  });
  afterEach(() => {
    resetApp();
    vi.restoreAllMocks();
    closeTrialSignup();
    useWalkthrough.setState(INITIAL_WALKTHROUGH, true);
  });

  it('shows the plans step instead of the trial sign-up, ends the guide, and leaves the sign-up to choose', async () => {
    renderGuideAtTags();
    press('Show me');
    expect(await screen.findByRole('heading', { level: 1, name: /Tagscout Pro/ })).toBeTruthy();
    expect(step()?.dataset.step).toBe('plans');
    expect(useTrialSignup.getState().isOpen).toBe(false);
    press('Next');
    expect(step()?.dataset.step).toBe('helpMenu');
    press('Next');
    expect(step()?.dataset.step).toBe('done');
    press('Got it');
    expect(step()).toBeNull();
    expect(useWalkthrough.getState().shown).toEqual(
      STEP_IDS.filter((id) => id !== 'guideOff' && id !== 'guideOffDisabled'),
    );
    expect(useTrialSignup.getState().isOpen).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Not ready? Start a free trial' }));
    expect(useTrialSignup.getState().isOpen).toBe(true);
  });
});
