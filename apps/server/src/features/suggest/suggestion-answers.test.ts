import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.js';
import { databasesDroppedAfterEachTest, testDialects } from '../../test/test-database.js';
import { createHashtagContext } from '../related/related.context.js';
import { forgetCachedTags, type HashtagContext } from '../related/related.service.js';
import { replaceBannedTags } from '../search/search.repository.js';
import { storeIngest } from '../store/store.repository.js';
import { suggestForList } from './suggest.service.js';

const createTestDatabase = databasesDroppedAfterEachTest();
const contexts: HashtagContext[] = [];
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.postTracker.stop();
});

/** A context as the app builds it with its caches on; the tracker reads the store at each request. */
function cachingContext(database: Database): HashtagContext {
  const context = createHashtagContext(database, {
    RELATED_POST_WINDOW: 50,
    RELATED_CACHE_SECONDS: 60,
    RELATED_CACHE_ENTRIES: 100,
    RELATED_CACHE_RECHECK_MS: 0,
    DEFAULT_NETWORK: ['instagram'],
    now: Date.now,
  });
  contexts.push(context);
  return context;
}

let nextPost = 0;
/** `people` posts carrying `tags`, each by another person. */
async function addPosts(database: Database, people: number, tags: string[]): Promise<void> {
  const posts = Array.from({ length: people }, () => {
    nextPost++;
    return {
      postId: `p${nextPost}`,
      owner: `o${nextPost}`,
      takenAt: 1_700_000_000 + nextPost,
      placeId: null,
      hashtags: tags,
    };
  });
  await storeIngest(database, { posts, network: 'instagram', source: 'test', now: 1000 });
}

const names = (answer: { suggestions: { hashtag: string }[] }) =>
  answer.suggestions.map((tag) => tag.hashtag);

describe.each(testDialects)('suggestions kept for a list asked again, on %s', (dialect) => {
  it('answers a list asked again from memory while its windows stay, and anew once a window changes', async () => {
    const { database } = await createTestDatabase(dialect, { migrated: true });
    await addPosts(database, 3, ['beach', 'sunset', 'golden']);
    await addPosts(database, 3, ['beach', 'sea']);
    const context = cachingContext(database);
    const ask = () => suggestForList(context, { tags: ['beach', 'sunset'], limit: 20, visible: null });

    const first = await ask();
    expect(names(first)).toEqual(['golden', 'sea']);
    const again = await ask();
    // The very answer ranked before, not a new ranking of the same windows.
    expect(again.suggestions).toBe(first.suggestions);
    // Another limit is another answer.
    expect(
      names(await suggestForList(context, { tags: ['beach', 'sunset'], limit: 1, visible: null })),
    ).toEqual(['golden']);

    // Enough new posts for #sunset's window to be read again: the answer follows them.
    await addPosts(database, 6, ['sunset', 'sky', 'beach']);
    const after = await ask();
    expect(after.suggestions).not.toBe(first.suggestions);
    expect(names(after)).toContain('sky');
  });

  it('flags a tag banned since the answer was kept, once the caches are told', async () => {
    const { database } = await createTestDatabase(dialect, { migrated: true });
    await addPosts(database, 3, ['beach', 'sunset', 'golden']);
    const context = cachingContext(database);
    const ask = () => suggestForList(context, { tags: ['beach'], limit: 20, visible: 1 });
    expect((await ask()).suggestions).toEqual([expect.not.objectContaining({ banned: true })]);

    await replaceBannedTags(database, ['golden', 'sunset'], 2000);
    forgetCachedTags(context);
    const after = await ask();
    expect(after.suggestions[0]).toMatchObject({ banned: true });
    expect(after.hidden).toBe(1);
  });
});
