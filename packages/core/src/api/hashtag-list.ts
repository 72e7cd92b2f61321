import { z } from 'zod';
import { ANY_NETWORK, normalizeHashtag } from '../hashtags/index.js';

/**
 * A query parameter naming 1 to `max` hashtags separated by commas: normalised by core's rules for
 * a tag of any network (the network may be resolved only later), repeats dropped, in the order
 * given. A name that is a tag on no network, or too many, is a 400 that says so.
 */
export function hashtagListParam(max: number, description: string) {
  return z
    .string({ error: 'must list the tags, separated by commas' })
    .max(20_000, 'is too long')
    .transform((text, context) => {
      const raw = text
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '');
      if (raw.length === 0) {
        context.addIssue({ code: 'custom', message: 'must name at least one hashtag' });
        return z.NEVER;
      }
      const names: string[] = [];
      for (const name of raw) {
        const normal = normalizeHashtag(name, ANY_NETWORK);
        if (normal === null) {
          context.addIssue({ code: 'custom', message: `"${name.slice(0, 60)}" is not a valid hashtag` });
          return z.NEVER;
        }
        if (!names.includes(normal)) names.push(normal);
      }
      if (names.length > max) {
        context.addIssue({
          code: 'custom',
          message: `may name at most ${max} hashtags; this list has ${names.length}`,
        });
        return z.NEVER;
      }
      return names;
    })
    .meta({ description });
}
