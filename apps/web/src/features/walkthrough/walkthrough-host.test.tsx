import { ThemeProvider } from '@mui/material/styles';
import { INITIAL_WALKTHROUGH, STEP_IDS } from '@tagscout/core/walkthrough';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/i18n';
import { useSession } from '../../shell/session-store';
import { closeTutorial, openTutorial } from '../../shell/shell-overlays';
import { testSession } from '../../shell/test-sessions';
import { resetApp } from '../../test-reset';
import { theme } from '../../theme';
import { WalkthroughHost } from './walkthrough-host';
import { WalkthroughPopover } from './walkthrough-popover';
import { dispatchWalkthrough, useWalkthrough } from './walkthrough-store';

describe('the guide and the tutorial', () => {
  afterEach(() => {
    resetApp();
    closeTutorial();
    useWalkthrough.setState(INITIAL_WALKTHROUGH, true);
  });

  it('hides its step while the tutorial is open (one layer at a time) and shows it again after', () => {
    renderSearchStep();
    expect(screen.getByTestId('walkthrough-step')).toBeTruthy();
    act(() => openTutorial());
    expect(screen.queryByTestId('walkthrough-step')).toBeNull();
    act(() => closeTutorial());
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('search');
  });

  it('puts its step away on Escape, and not while a dialog above it takes the Escape', () => {
    renderSearchStep();
    const dialog = document.createElement('div');
    dialog.className = 'MuiModal-root';
    document.body.append(dialog);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('search');
    dialog.remove();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByTestId('walkthrough-step')).toBeNull();
    // Put away, not turned off: the guide goes on with the next thing the user does.
    expect(useWalkthrough.getState()).toMatchObject({ isOn: true, current: null, shown: ['search'] });
  });

  it('keeps its step off the pages it has nothing to say about (Your posts, Settings), and shows it back on the search', () => {
    openSearchStep();
    let navigate: ReturnType<typeof useNavigate> = () => undefined;
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={['/tags']}>
          <Navigator onReady={(go) => (navigate = go)} />
          <WalkthroughHost />
        </MemoryRouter>
      </ThemeProvider>,
    );
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('search');
    for (const page of ['/my-posts', '/settings', '/help']) {
      act(() => void navigate(page));
      expect(screen.queryByTestId('walkthrough-step')).toBeNull();
    }
    act(() => void navigate('/tags'));
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('search');
  });
});

describe('a step whose element is gone', () => {
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it('waits out of sight once the element it pointed at went (the user moved on), instead of covering the screen', () => {
    vi.useFakeTimers();
    const result = document.createElement('div');
    result.dataset.tour = 'result';
    result.getClientRects = () => [new DOMRect(0, 0, 100, 20)] as unknown as DOMRectList;
    document.body.append(result);
    render(
      <ThemeProvider theme={theme}>
        <WalkthroughPopover stepId="results" viewer={{ showWalkthrough: true, canTurnGuideOff: true }} />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('results');
    act(() => result.remove());
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.queryByTestId('walkthrough-step')).toBeNull();
    // Back on screen (the results again): the step shows again.
    document.body.append(result);
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('results');
  });
});

describe('what the guide looks at, on the search page and across pages', () => {
  afterEach(() => {
    resetApp();
    vi.useRealTimers();
    document.body.replaceChildren();
    useWalkthrough.setState(INITIAL_WALKTHROUGH, true);
  });

  /** A trial visitor with these data-tour elements on screen and the guide at `path`; goes elsewhere. */
  function lookAt(path: string, targets: string[]): (to: string) => void {
    vi.useFakeTimers();
    useSession.setState(testSession('trial'));
    for (const target of targets) {
      const element = document.createElement('div');
      element.dataset.tour = target;
      element.getClientRects = () => [new DOMRect(0, 0, 100, 20)] as unknown as DOMRectList;
      document.body.append(element);
    }
    let navigate: ReturnType<typeof useNavigate> = () => undefined;
    render(
      <ThemeProvider theme={theme}>
        <MemoryRouter initialEntries={[path]}>
          <Navigator onReady={(go) => (navigate = go)} />
          <WalkthroughHost />
        </MemoryRouter>
      </ThemeProvider>,
    );
    return (to) => void navigate(to);
  }

  it('opens its first step, not a later one, for results already on screen (a restart from Help)', () => {
    lookAt('/tags', ['search-input', 'result']);
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('walkthrough-step').dataset.step).toBe('search');
    expect(useWalkthrough.getState().shown).toEqual(['search']);
  });

  it('follows a user who opens a collection from its list instead of pressing Next', () => {
    const upToCollections = STEP_IDS.slice(0, STEP_IDS.indexOf('collections') + 1);
    useWalkthrough.setState({ ...INITIAL_WALKTHROUGH, current: 'collections', shown: [...upToCollections] });
    const navigate = lookAt('/collections', ['collections-table', 'topic-title']);
    act(() => void vi.advanceTimersByTime(1000));
    expect(useWalkthrough.getState().current).toBe('collections');
    act(() => navigate('/tags/3f1c2a4e-0000-4000-8000-000000000001'));
    act(() => void vi.advanceTimersByTime(1000));
    expect(useWalkthrough.getState().current).toBe('collectionOpened');
  });
});

/** A trial visitor on the search page, its guide's first step open. */
function openSearchStep() {
  useSession.setState(testSession('trial'));
  dispatchWalkthrough({
    type: 'trigger',
    triggers: ['tagsOpened'],
    fresh: [],
    viewer: { showWalkthrough: true, canTurnGuideOff: true },
  });
}

/** The guide on the search page, its first step open. */
function renderSearchStep() {
  openSearchStep();
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={['/tags']}>
        <WalkthroughHost />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

/** Hands the test the router's navigate. */
function Navigator({ onReady }: { onReady: (navigate: ReturnType<typeof useNavigate>) => void }) {
  onReady(useNavigate());
  return null;
}
