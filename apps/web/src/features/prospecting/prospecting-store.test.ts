import type { Quarry } from '@tagscout/core/api';
import { beforeEach, describe, expect, it } from 'vitest';
import { useProspecting } from './prospecting-store';
import { quarryName } from './quarry-name';

const lisbon = { id: '1', title: 'Lisbon, Portugal', count: 10 };
const porto = { id: '2', title: 'Porto, Portugal', count: 5 };
const state = () => useProspecting.getState();

describe('the prospecting screen state', () => {
  beforeEach(() => state().backToList());

  it('starts a new quarry when a place is typed, and goes back to the list when cancelled', () => {
    state().setSearchText('lis');
    expect(state()).toMatchObject({ mode: 'search', searchText: 'lis' });
    expect(state().draft?.quarryId).toBeNull();
    state().cancelDraft();
    expect(state()).toMatchObject({ mode: 'list', draft: null, searchText: '' });
  });

  it('toggles a place in and out of the quarry when selected, and removes one', () => {
    state().startNewQuarry();
    state().togglePlace(lisbon);
    state().togglePlace(porto);
    expect(state().draft?.places).toEqual([lisbon, porto]);
    state().togglePlace(lisbon);
    expect(state().draft?.places).toEqual([porto]);
    state().removePlace(porto.id);
    expect(state().draft?.places).toEqual([]);
  });

  it('moves to the filters only with a place selected, naming the quarry after its places', () => {
    state().startNewQuarry();
    state().goToFilters();
    expect(state().mode).toBe('search');
    state().togglePlace(lisbon);
    state().togglePlace(porto);
    state().goToFilters();
    expect(state().mode).toBe('filters');
    expect(state().draft?.title).toBe('Lisbon + Porto');
    expect(state().draft?.postFilters.max_age).toBe(7);
    expect(state().draft?.profileFilters.follower_range).toEqual([500, 50_000]);
  });

  it('edits a quarry and returns to it when cancelled; typing a place then adds to it', () => {
    const quarry = {
      quarry_id: 'q1',
      title: 'Mine',
      places: [lisbon],
      post_filters: { keywords: ['coffee'], max_age: 3, negative_keywords: [] },
      profile_filters: { categories: [], follower_range: [1, 2], keywords: [], negative_keywords: [] },
    } as unknown as Quarry;
    state().editQuarry(quarry);
    expect(state()).toMatchObject({ mode: 'filters', selectedQuarryId: 'q1' });
    state().setSearchText('por');
    expect(state().mode).toBe('search');
    state().togglePlace(porto);
    expect(state().draft).toMatchObject({ quarryId: 'q1', places: [lisbon, porto] });
    state().cancelDraft();
    expect(state()).toMatchObject({ mode: 'quarry', selectedQuarryId: 'q1', draft: null });
  });
});

describe('quarryName', () => {
  it('is the title, or the places when there is none', () => {
    expect(quarryName({ title: 'Bakers', places: [lisbon] })).toBe('Bakers');
    expect(quarryName({ title: ' ', places: [lisbon, porto] })).toBe('Lisbon + Porto');
  });
});
