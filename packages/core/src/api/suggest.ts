import { z } from 'zod';
import { NetworkSchema } from '../networks/index.js';
import { hashtagListParam } from './hashtag-list.js';
import { SUGGEST_LIMITS } from './suggest-limits.js';

// ---- GET /suggest/hashtags ----

export const SuggestQuerySchema = z.object({
  tags: hashtagListParam(
    SUGGEST_LIMITS.tags,
    `1 to ${SUGGEST_LIMITS.tags} comma-separated hashtags: the list being built`,
  ),
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
    authors: z
      .number()
      .int()
      .meta({ description: 'Distinct people whose posts carry it, over the windows (decision 025)' }),
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
