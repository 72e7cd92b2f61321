import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchKind } from './search-api';
import { useSearch } from './search-store';

const stored = () => JSON.parse(localStorage.getItem('search') ?? 'null')?.state;

/** The search as a page of the day `now` left it, then read again as a reload does. */
async function reloadWith(state: Record<string, unknown>): Promise<void> {
  localStorage.setItem('search', JSON.stringify({ state, version: 1 }));
  await useSearch.persist.rehydrate();
}

describe('the search across a reload', () => {
  afterEach(() => {
    useSearch.getState().reset();
    localStorage.clear();
    vi.useRealTimers();
  });

  it('keeps the open related list and how much of it was shown, the same UTC day', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 23, 0) });
    useSearch.getState().search('travel');
    useSearch.getState().toggleExpanded('travel');
    useSearch.getState().showMore('travel', 10, 10);
    expect(stored()).toMatchObject({ query: 'travel', expandedKey: 'travel', relatedShown: { travel: 20 } });

    // A reload starts from nothing in memory and reads the stored search.
    const saved = stored();
    useSearch.getState().reset();
    await reloadWith(saved);
    expect(useSearch.getState()).toMatchObject({ expandedKey: 'travel', relatedShown: { travel: 20 } });
  });

  it('opens nothing by itself on another UTC day, where opening it would spend a new free related search', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 29, 0, 5) });
    await reloadWith({
      kind: SearchKind.tags,
      text: 'travel',
      query: 'travel',
      expandedKey: 'travel',
      expandedDay: '2026-11-28',
      relatedShown: { travel: 20 },
    });
    expect(useSearch.getState()).toMatchObject({ query: 'travel', expandedKey: null, relatedShown: {} });
  });
});
