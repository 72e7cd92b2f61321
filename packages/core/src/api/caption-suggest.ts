import { z } from 'zod';
import { NetworkSchema } from '../networks/index.js';
import { CAPTION_SUGGEST_LIMITS } from './caption-suggest-limits.js';

export const CaptionSuggestBodySchema = z
  .strictObject(
    {
      text: z
        .string({ error: 'text must be the caption, as text' })
        .trim()
        .min(1, 'Paste a caption or some words first')
        .max(
          CAPTION_SUGGEST_LIMITS.textChars,
          `A caption is at most ${CAPTION_SUGGEST_LIMITS.textChars} characters`,
        ),
      network: NetworkSchema.optional().meta({
        description:
          'The network whose posts suggest; without it, the first of DEFAULT_NETWORK that holds tags',
      }),
      limit: z
        .number({ error: 'limit must be a number' })
        .int('limit must be a whole number')
        .min(1, 'limit must be at least 1')
        .max(CAPTION_SUGGEST_LIMITS.maxLimit, `limit must be at most ${CAPTION_SUGGEST_LIMITS.maxLimit}`)
        .default(CAPTION_SUGGEST_LIMITS.defaultLimit),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? 'Only text, network and limit may be sent' : undefined,
    },
  )
  .meta({ id: 'CaptionSuggestBody' });
export type CaptionSuggestBody = z.input<typeof CaptionSuggestBodySchema>;

export const CaptionSuggestionSchema = z
  .object({
    hashtag: z.string(),
    count: z.number().int().meta({ description: 'Total posts; -1 = unknown, -2 = needs a direct lookup' }),
    score: z.number().meta({ description: 'The caption measure (docs/decisions/030-caption-words.md)' }),
    authors: z.number().int().meta({
      description: 'About how many people used it with a word of the text (the most for any one word)',
    }),
    words: z.array(z.string()).meta({ description: 'The words of the text that suggest it' }),
    banned: z.literal(true).optional(),
  })
  .meta({ id: 'CaptionSuggestion' });
export type CaptionSuggestion = z.infer<typeof CaptionSuggestionSchema>;

export const CaptionSuggestResponseSchema = z.object({
  network: NetworkSchema.meta({ description: 'The network the suggestions come from' }),
  words: z
    .array(z.string())
    .meta({ description: 'The words read from the text (no stop words, tags or links)' }),
  given: z.array(z.string()).meta({ description: 'The hashtags already in the text: never suggested back' }),
  suggestions: z.array(CaptionSuggestionSchema).meta({ description: 'Best first' }),
  hidden: z
    .number()
    .int()
    .optional()
    .meta({ description: 'Suggestions held back by the plan (free visitors see the first few)' }),
});
export type CaptionSuggestResponse = z.infer<typeof CaptionSuggestResponseSchema>;
