import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { resetApp } from '../test-reset';
import { SessionDialogs } from './session-dialogs';
import { useSession } from './session-store';
import { TEST_ACCOUNTS, testSession } from './test-sessions';
import { useTrialExpiryTimer } from './use-trial-expiry-timer';

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

function Shell() {
  useTrialExpiryTimer();
  return <SessionDialogs />;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
      <Routes>
        <Route path="/tags" element={<p>search screen</p>} />
        <Route path="/specialoffer" element={<p>special offer screen</p>} />
        <Route path="/upgrade" element={<p>plans screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

/** A trial with `seconds` left, as the server would answer it now. */
function trialWith(seconds: number) {
  const account = { ...TEST_ACCOUNTS.trial, expireSeconds: seconds };
  return testSession('trial', NOW, { account, trialEndsAtMs: NOW + seconds * 1000 });
}

describe('trial expiry timer and trial notice', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
    sessionStorage.clear();
  });

  it('moves the visitor to free at expiry and raises the trial notice', () => {
    useSession.setState(trialWith(90));
    renderAt('/tags');
    act(() => vi.advanceTimersByTime(89_000));
    expect(useSession.getState().isInTrial).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => vi.advanceTimersByTime(1000));
    expect(useSession.getState().account).toMatchObject({
      group: 'free',
      inTrial: false,
      expireSeconds: 0,
      trialStatus: 'expired',
    });
    expect(useSession.getState().isInTrial).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Your Pro trial has ended' })).toBeTruthy();
  });

  it('leads from the notice to the special offer while its window is open', () => {
    useSession.setState(trialWith(10));
    renderAt('/tags');
    act(() => vi.advanceTimersByTime(10_000));
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.getByText('special offer screen')).toBeTruthy();
    expect(useSession.getState().dialogs.trialNotice).toBe(false);
  });

  it('never arms the timer for a trial of 2147483 s or more', () => {
    useSession.setState(trialWith(2_147_483));
    renderAt('/tags');
    act(() => vi.advanceTimersByTime(2_147_483_000));
    expect(useSession.getState().isInTrial).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the notice off the account screens until the visitor leaves them', () => {
    useSession.setState(trialWith(5));
    renderAt('/upgrade');
    act(() => vi.advanceTimersByTime(5000));
    expect(useSession.getState().account.trialStatus).toBe('expired');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
