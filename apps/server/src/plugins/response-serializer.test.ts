import {
  HashtagAutocompleteResponseSchema,
  HashtagInfoResponseSchema,
  PlaceInfoResponseSchema,
} from '@tagscout/core/api';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck, serializerCompiler } from './response-serializer.js';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const both = (schema: unknown) => ({
  ours: serializerCompiler(route(schema)),
  zods: zodSerializerCompiler(route(schema) as Parameters<typeof zodSerializerCompiler>[0]),
});
const outcome = (serialize: (data: unknown) => string, data: unknown) => {
  try {
    return serialize(data);
  } catch (error) {
    return `threw ${(error as Error).name}`;
  }
};

describe('response serialisation', () => {
  it('compiles a direct check for the hot routes\u2019 answers', () => {
    expect(compileCheck(HashtagInfoResponseSchema)).toBeTypeOf('function');
    expect(compileCheck(HashtagAutocompleteResponseSchema)).toBeTypeOf('function');
    expect(compileCheck(PlaceInfoResponseSchema)).toBeTypeOf('function');
    expect(compileCheck(z.object({ at: z.iso.datetime() }))).toBeUndefined();
    expect(compileCheck(z.object({ name: z.string().min(1) }))).toBeUndefined();
    expect(compileCheck(z.object({ n: z.int() }))).toBeUndefined();
    expect(compileCheck(z.object({ n: z.number().transform((n) => n * 2) }))).toBeUndefined();
  });

  it.each([
    ['an answer as the presenters write it', { network: 'instagram', data: [{ hashtag: 'sun', count: 5 }] }],
    [
      'optional flags and related tags',
      {
        network: 'bluesky',
        data: [
          {
            hashtag: 'sun',
            count: -1,
            banned: true,
            indexing: true,
            related_tags: [{ hashtag: 'sky', subcount: 3, relevance: 0.5, banned: true }],
            related_post_count: 9,
          },
        ],
      },
    ],
    [
      'an unknown key (zod drops it)',
      { network: 'instagram', data: [{ hashtag: 'sun', count: 5, extra: 1 }] },
    ],
    ['keys out of order (zod reorders them)', { network: 'instagram', data: [{ count: 5, hashtag: 'sun' }] }],
    [
      'an optional key left undefined',
      { network: 'instagram', data: [{ hashtag: 'sun', count: 5, banned: undefined }] },
    ],
    ['a count that is not whole', { network: 'instagram', data: [{ hashtag: 'sun', count: 1.5 }] }],
    ['a wrong flag', { network: 'instagram', data: [{ hashtag: 'sun', count: 1, banned: false }] }],
    ['a missing field', { network: 'instagram', data: [{ hashtag: 'sun' }] }],
    ['an unknown network', { network: 'myspace', data: [] }],
    ['no object at all', null],
  ])('writes exactly what zod writes for %s (or fails as it does)', (_name, data) => {
    const { ours, zods } = both(HashtagInfoResponseSchema);
    expect(outcome(ours, data)).toBe(outcome(zods, data));
  });
});
