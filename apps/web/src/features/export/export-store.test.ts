import type { Topic } from '@tagscout/core/api';
import { SelectionStrategy } from '@tagscout/core/export';
import { beforeEach, describe, expect, it } from 'vitest';
import { topicBody, useExportList } from './export-store';

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

  it('keeps tags ticked by hand when the filters apply again, until unticked by hand (issue 32 §5)', () => {
    state().setFilters({ selectionCount: 2 });
    state().add(tag('travel', 9000));
    state().add(tag('a', 10));
    state().add(tag('b', 20));
    expect(state().selected).toEqual(['a', 'b']);
    expect(state().filterUnticked).toEqual(['travel']);
    state().toggleSelected('travel');
    state().setFilters({ selectionCount: 2 });
    expect(state().selected).toEqual(['travel', 'a']);
    expect(state().filterUnticked).toEqual(['b']);
    state().toggleSelected('travel');
    state().setFilters({ selectionCount: 2 });
    expect(state().selected).toEqual(['a', 'b']);
  });

  it('keeps a saved random selection when the counts arrive', () => {
    state().loadTopic({
      ...saved,
      applyFilter: true,
      exportFilters: { postCount: [null, null], selectionStrategy: 'random', selectionCount: 2 },
    });
    for (let i = 0; i < 20; i++) {
      state().setCounts(
        new Map([
          ['beach', 100 + i],
          ['sunset', 200],
          ['waves', 300],
        ]),
      );
      expect(state().selected).toEqual(['beach', 'waves']);
    }
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

const saved: Topic = {
  topic_id: '6f1c2a8e-4b1d-4c3e-9a7f-2d5e8b9c0a11',
  title: 'Beach trip',
  creator_id: 'u1',
  owner_id: 'u1',
  created: 1000,
  modified: 2000,
  exportFilters: { postCount: [10, null], selectionStrategy: 'lowestPostCount', selectionCount: 2 },
  applyFilter: false,
  export: ['beach', 'sunset', 'waves'],
  export_count: 3,
  selected: ['waves', 'beach'],
  hidden: ['spam'],
};

describe('the export list as a collection', () => {
  beforeEach(() => state().clear());

  it('starts as a new, unmodified topic', () => {
    expect(state().topic).toEqual({ topicId: null, title: '', version: null });
    expect(state().isModified).toBe(false);
  });

  it.each<[string, () => void]>([
    ['adding a tag', () => state().add({ hashtag: 'x', count: 5 })],
    ['changing filters', () => state().setFilters({ postCount: [1, 2] })],
    ['changing the strategy', () => state().setFilters({ selectionStrategy: 'random' })],
    ['changing the title', () => state().setTitle('New name')],
    ['ticking a tag by hand', () => state().toggleSelected('beach')],
    ['removing a tag', () => state().remove('sunset')],
  ])('marks a loaded topic modified on %s', (_name, change) => {
    state().loadTopic(saved);
    expect(state().isModified).toBe(false);
    change();
    expect(state().isModified).toBe(true);
  });

  it('forgets a deleted collection it shows: empty when unchanged, kept as a new list with unsaved changes', () => {
    state().loadTopic(saved);
    state().forgetTopic('another-topic');
    expect(state().topic.topicId).toBe(saved.topic_id);
    state().forgetTopic(saved.topic_id);
    expect(state().tags).toEqual([]);
    expect(state().topic).toEqual({ topicId: null, title: '', version: null });

    state().loadTopic(saved);
    state().setTitle('Beach trip 2');
    state().remove('sunset');
    state().forgetTopic(saved.topic_id);
    expect(state().tags.map((tag) => tag.hashtag)).toEqual(['beach', 'waves']);
    expect(state().topic).toEqual({ topicId: null, title: 'Beach trip 2', version: null });
    expect(state().isModified).toBe(true);

    // Changed down to no tags: nothing to keep, and no title left to come back with the next tag.
    state().loadTopic(saved);
    for (const name of ['beach', 'sunset', 'waves']) state().remove(name);
    state().forgetTopic(saved.topic_id);
    expect(state().topic).toEqual({ topicId: null, title: '', version: null });
    expect(state().isModified).toBe(false);
  });

  it('does not mark it modified when counts arrive or the title is set to what it is', () => {
    state().loadTopic(saved);
    state().setCounts(new Map([['beach', 100]]));
    state().setTitle('Beach trip');
    expect(state().isModified).toBe(false);
  });

  it('loads a topic: list with unknown counts, its selection in list order, filters, and clears the flag', () => {
    state().add({ hashtag: 'old', count: 1 });
    state().loadTopic(saved);
    const loaded = state();
    expect(loaded.topic).toEqual({ topicId: saved.topic_id, title: 'Beach trip', version: 2000 });
    expect(loaded.tags).toEqual([
      { hashtag: 'beach', count: -1 },
      { hashtag: 'sunset', count: -1 },
      { hashtag: 'waves', count: -1 },
    ]);
    expect(loaded.applyFilter).toBe(false);
    expect(loaded.filters).toEqual(saved.exportFilters);
    expect(loaded.isModified).toBe(false);
    expect(topicBody(loaded)).toEqual({
      title: 'Beach trip',
      exportFilters: saved.exportFilters,
      applyFilter: false,
      export: ['beach', 'sunset', 'waves'],
      export_count: 3,
      selected: ['beach', 'waves'],
      hidden: ['spam'],
    });
  });

  it('clears the flag after a save, unless something changed while it was on its way', () => {
    state().add({ hashtag: 'a', count: 1 });
    const revision = state().revision;
    state().markSaved({ ...saved, title: '(untitled)', modified: 3000 }, revision);
    expect(state().isModified).toBe(false);
    expect(state().topic).toEqual({ topicId: saved.topic_id, title: '(untitled)', version: 3000 });

    const before = state().revision;
    state().add({ hashtag: 'b', count: 2 });
    state().markSaved({ ...saved, modified: 4000 }, before);
    expect(state().isModified).toBe(true);
    expect(state().topic.version).toBe(4000);
  });

  it('starts a new topic on clear', () => {
    state().loadTopic(saved);
    state().setTitle('changed');
    state().clear();
    expect(state().topic.topicId).toBeNull();
    expect(state().tags).toEqual([]);
    expect(state().isModified).toBe(false);
  });
});
