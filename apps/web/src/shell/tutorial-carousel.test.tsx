import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../i18n/i18n';
import { openTutorial, useShellOverlays } from './shell-overlays';
import { TutorialCarousel } from './tutorial-carousel';

function renderCarousel() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/settings']}>
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
  });

  it('shows 6 slides, one every 3500 ms, and stops on the last', () => {
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
});
