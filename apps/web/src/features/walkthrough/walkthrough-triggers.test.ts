import { describe, expect, it } from 'vitest';
import { SearchKind } from '../search/search-api';
import { currentTriggers, type TriggerInputs } from './walkthrough-triggers';

const base: TriggerInputs = {
  pathname: '/tags',
  kind: SearchKind.tags,
  exportCount: 0,
  isOnScreen: () => false,
  happened: new Set(),
};
const onScreen =
  (...targets: string[]) =>
  (target: string) =>
    targets.includes(target);

describe('currentTriggers', () => {
  it('reports the search screen, results, related tags and the export list as they appear', () => {
    expect(currentTriggers({ ...base, isOnScreen: onScreen('search-input') })).toEqual(['tagsOpened']);
    expect(
      currentTriggers({
        ...base,
        exportCount: 3,
        isOnScreen: onScreen('search-input', 'result', 'related', 'export-list', 'export-filters'),
      }),
    ).toEqual(['tagsOpened', 'resultsShown', 'relatedShown', 'tagAdded', 'threeTagsAdded']);
  });

  it('tells place searches apart', () => {
    const places = { ...base, kind: SearchKind.places, isOnScreen: onScreen('search-input', 'result') };
    expect(currentTriggers(places)).toEqual(['placesOpened', 'placeResultsShown']);
  });

  it('reports a copy, a save and a collection opened from the list only once they happened', () => {
    const screen = onScreen('copy', 'topic-title');
    expect(currentTriggers({ ...base, pathname: '/tags/abc', isOnScreen: screen })).toEqual([]);
    const happened = new Set(['copied', 'saved', 'collectionOpened'] as const);
    expect(currentTriggers({ ...base, pathname: '/tags/abc', isOnScreen: screen, happened })).toEqual([
      'copied',
      'saved',
      'collectionOpened',
    ]);
  });

  it('reports the collections and plans screens, and nothing on others', () => {
    expect(
      currentTriggers({ ...base, pathname: '/collections', isOnScreen: onScreen('collections-table') }),
    ).toEqual(['collectionsOpened']);
    expect(currentTriggers({ ...base, pathname: '/upgrade' })).toEqual(['upgradeOpened']);
    expect(currentTriggers({ ...base, pathname: '/settings', isOnScreen: () => true })).toEqual([]);
  });
});
