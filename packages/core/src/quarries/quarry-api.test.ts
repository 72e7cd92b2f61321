import { describe, expect, it } from 'vitest';
import { CreateQuarryBodySchema, UpdateQuarryBodySchema } from '../api/quarries.js';

describe('the quarry request bodies', () => {
  it('give a new quarry the default filters', () => {
    expect(CreateQuarryBodySchema.parse({ place_ids: ['213'] })).toEqual({
      title: '',
      active: true,
      hidden: false,
      place_ids: ['213'],
      post_filters: { keywords: [], max_age: 7, negative_keywords: [] },
      profile_filters: { categories: [], follower_range: [500, 50_000], keywords: [], negative_keywords: [] },
    });
  });

  it('refuse fields the server owns, an empty place list and a reversed follower range', () => {
    expect(CreateQuarryBodySchema.safeParse({ place_ids: ['1'], quarry_id: 'x' }).success).toBe(false);
    expect(CreateQuarryBodySchema.safeParse({ place_ids: ['1'], owner_id: 'x' }).success).toBe(false);
    expect(CreateQuarryBodySchema.safeParse({ place_ids: [] }).success).toBe(false);
    const reversed = { place_ids: ['1'], profile_filters: { follower_range: [900, 100] } };
    expect(CreateQuarryBodySchema.safeParse(reversed).success).toBe(false);
    expect(CreateQuarryBodySchema.safeParse({ place_ids: ['1'], post_filters: { max_age: 0 } }).success).toBe(
      false,
    );
  });

  it('take an update with only the active flag', () => {
    expect(UpdateQuarryBodySchema.parse({ active: false })).toEqual({ active: false });
    expect(UpdateQuarryBodySchema.safeParse({ new_prospects: 3 }).success).toBe(false);
  });
});
