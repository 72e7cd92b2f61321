import { z } from 'zod';
import { normalizeHashtag } from '../hashtags/index.js';
import { NetworkSchema } from '../networks/index.js';

/** GET /api/suggest/hashtags: how many tags a list may give and how many suggestions it may ask for. */
export const SUGGEST_LIMITS = { tags: 30, maxLimit: 50, defaultLimit: 30 } as const;

// ---- GET /suggest/hashtags ----

export const SuggestQuerySchema = z.object({
  tags: z
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
        const normal = normalizeHashtag(name);
        if (normal === null) {
          context.addIssue({ code: 'custom', message: `"${name.slice(0, 60)}" is not a valid hashtag` });
          return z.NEVER;
        }
        if (!names.includes(normal)) names.push(normal);
      }
      if (names.length > SUGGEST_LIMITS.tags) {
        context.addIssue({
          code: 'custom',
          message: `may name at most ${SUGGEST_LIMITS.tags} hashtags; this list has ${names.length}`,
        });
        return z.NEVER;
      }
      return names;
    })
    .meta({ description: `1 to ${SUGGEST_LIMITS.tags} comma-separated hashtags: the list being built` }),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(SUGGEST_LIMITS.maxLimit, `must be at most ${SUGGEST_LIMITS.maxLimit}`)
    .default(SUGGEST_LIMITS.defaultLimit),
  network: NetworkSchema.optional().meta({
    description: 'The network whose posts suggest; without it, the first of DEFAULT_NETWORK that holds tags',
  }),
});
export type SuggestQuery = z.infer<typeof SuggestQuerySchema>;

export const SuggestedHashtagSchema = z
  .object({
    hashtag: z.string(),
    count: z.number().int().meta({ description: 'Total posts; -1 = unknown, -2 = needs a direct lookup' }),
    score: z.number().meta({ description: 'The suggestion measure (docs/decisions/015-related-order.md)' }),
    subcount: z
      .number()
      .int()
      .meta({ description: 'Co-occurrences with the given tags, summed over their windows' }),
    lists: z.number().int().meta({ description: 'How many of the given tags it is related to' }),
    banned: z.literal(true).optional(),
  })
  .meta({ id: 'SuggestedHashtag' });
export type SuggestedHashtag = z.infer<typeof SuggestedHashtagSchema>;

export const SuggestResponseSchema = z.object({
  network: NetworkSchema.meta({ description: 'The network the suggestions come from' }),
  suggestions: z
    .array(SuggestedHashtagSchema)
    .meta({ description: 'Best first; never one of the given tags' }),
  hidden: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Suggestions held back by the plan (free visitors see the first few)' }),
});
export type SuggestResponse = z.infer<typeof SuggestResponseSchema>;
