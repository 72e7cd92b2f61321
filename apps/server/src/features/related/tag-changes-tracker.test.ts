import { describe, expect, it } from 'vitest';
import {
  type NewPostReader,
  NewPostTracker,
  type TagChange,
  type TagChangeReader,
} from './new-post-tracker.js';

/** A feed of tag changes in memory, as the triggers of migration 023 write it. */
function fakeChanges() {
  const changes: TagChange[] = [];
  const reader: TagChangeReader = {
    lastChangeId: async () => Math.max(0, ...changes.map((change) => change.id)),
    changesAfter: async (afterId, ids, limit) =>
      changes
        .filter((change) => change.id > afterId || ids.includes(change.id))
        .sort((a, b) => a.id - b.id)
        .slice(0, limit + ids.length),
    pruneBelow: async () => {},
  };
  const add = (id: number, name: string) => changes.push({ id, network: 'instagram', name });
  return { reader, add };
}

describe('NewPostTracker, tag changes', () => {
  const setup = (posts: Partial<NewPostReader> = {}) => {
    const changes = fakeChanges();
    const told: (string[] | 'all')[] = [];
    const tracker = new NewPostTracker({
      reader: {
        lastPostId: async () => 0,
        postsAfter: async () => [],
        tagNames: async () => new Map(),
        ...posts,
      },
      changes: changes.reader,
      intervalMs: 0,
      gapMs: 60_000,
      log: () => {},
      now: Date.now,
    });
    tracker.onTags((tags) => told.push(tags === 'all' ? 'all' : [...tags]));
    return { changes, told, tracker };
  };

  it('tells changed tags once, including one committed below the watermark later', async () => {
    const { changes, told, tracker } = setup();
    await tracker.catchUp();
    changes.add(1, 'a');
    changes.add(3, 'b');
    await tracker.catchUp();
    // Id 2 was taken first and committed after 3 was read (PostgreSQL).
    changes.add(2, 'c');
    await tracker.catchUp();
    await tracker.catchUp();
    expect(told).toEqual([['instagram:a', 'instagram:b'], ['instagram:c']]);
  });

  it('tells "all" after a bulk write, and tells changes even when reading posts fails', async () => {
    const { changes, told, tracker } = setup({
      postsAfter: async () => {
        throw new Error('posts unreadable');
      },
    });
    await tracker.catchUp();
    changes.add(1, 'a');
    await tracker.catchUp();
    for (let id = 2; id < 20_002; id++) changes.add(id, `t${id}`);
    await tracker.catchUp();
    expect(told).toEqual([['instagram:a'], 'all']);
  });
});
