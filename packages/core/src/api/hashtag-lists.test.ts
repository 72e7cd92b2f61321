import { describe, expect, it } from 'vitest';
import { SuggestQuerySchema } from './suggest.js';
import { CreateTopicBodySchema } from './topics.js';
import { TrendQuerySchema } from './trends.js';

// Collections and the tags a request names hold tags of every network: Bluesky's k-pop as well as
// Instagram's foo_ (issue 31).
describe('lists of tags of any network', () => {
  it('keeps a collection’s Bluesky tags', () => {
    const parsed = CreateTopicBodySchema.parse({ export: ['K-Pop', 'self-care', 'foo_', '#Travel'] });
    expect(parsed.export).toEqual(['k-pop', 'self-care', 'foo_', 'travel']);
  });

  it('takes Bluesky tags in the names of trends and suggestions', () => {
    expect(TrendQuerySchema.parse({ tags: 'K-Pop,web3.0,İstanbul' }).tags).toEqual([
      'k-pop',
      'web3.0',
      'istanbul',
    ]);
    expect(SuggestQuerySchema.parse({ tags: 'covid-19,travel' }).tags).toEqual(['covid-19', 'travel']);
  });

  it('still refuses what is a tag on no network', () => {
    expect(CreateTopicBodySchema.safeParse({ export: ['two words'] }).success).toBe(false);
    expect(TrendQuerySchema.safeParse({ tags: 'a b' }).success).toBe(false);
  });
});
