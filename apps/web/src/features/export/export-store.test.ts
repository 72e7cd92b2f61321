import { SelectionStrategy } from '@tagscout/core/export';
import { beforeEach, describe, expect, it } from 'vitest';
import { useExportList } from './export-store';

const tag = (hashtag: string, count: number) => ({ hashtag, count });
const state = () => useExportList.getState();

describe('the export list', () => {
  beforeEach(() => state().clear());

  it('puts an added tag in the list and selected', () => {
    state().add(tag('travel', 500));
    expect(state().tags).toEqual([tag('travel', 500)]);
    expect(state().selected).toEqual(['travel']);
    expect(state().addedCount).toBe(1);
  });

  it('ignores a tag that is already in the list', () => {
    state().add(tag('travel', 500));
    state().add(tag('travel', 900));
    expect(state().tags).toEqual([tag('travel', 500)]);
    expect(state().addedCount).toBe(1);
  });

  it('reapplies the filter on every add while the auto filter is on', () => {
    state().setFilters({ selectionCount: 2, selectionStrategy: SelectionStrategy.lowestPostCount });
    state().add(tag('big', 1000));
    state().add(tag('mid', 100));
    state().add(tag('small', 10));
    expect(new Set(state().selected)).toEqual(new Set(['mid', 'small']));
    state().setFilters({ postCount: [50, null] });
    expect(new Set(state().selected)).toEqual(new Set(['big', 'mid']));
  });

  it('turns the auto filter off when a tag is chosen by hand, and keeps hand choices on add', () => {
    state().setFilters({ selectionCount: 1 });
    state().add(tag('a', 10));
    state().add(tag('b', 20));
    expect(state().selected).toEqual(['a']);
    state().toggleSelected('b');
    expect(state().applyFilter).toBe(false);
    expect(state().selected).toEqual(['a', 'b']);
    state().add(tag('c', 5));
    expect(state().selected).toEqual(['a', 'b', 'c']);
    state().toggleSelected('a');
    expect(state().selected).toEqual(['b', 'c']);
  });

  it('takes a removed tag out of the list and the selection', () => {
    state().add(tag('a', 10));
    state().add(tag('b', 20));
    state().remove('a');
    expect(state().tags.map((t) => t.hashtag)).toEqual(['b']);
    expect(state().selected).toEqual(['b']);
  });

  it('turns the auto filter back on when a filter changes', () => {
    state().add(tag('a', 10));
    state().toggleSelected('a');
    expect(state().selected).toEqual([]);
    state().setFilters({ selectionStrategy: SelectionStrategy.random });
    expect(state().applyFilter).toBe(true);
    expect(state().selected).toEqual(['a']);
  });
});
