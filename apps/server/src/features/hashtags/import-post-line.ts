import { INGEST_LIMITS } from '@tagscout/core/api';
import { z } from 'zod';

/**
 * One line of an import file: the ingest post shape. Looser than the crowd cache, since an admin
 * chose the file: unknown fields are ignored, owner and timestamp may be missing (the timestamp
 * then is the time of the import), and invalid tags are dropped by the core rules, not refused.
 */
const ImportLineSchema = z.object(
  {
    post_id: z
      .string({ error: 'post_id must be text' })
      .regex(/^[A-Za-z0-9_.:/-]{1,100}$/, 'post_id must be 1 to 100 letters, digits or _ . : / -'),
    owner: z.string({ error: 'owner must be text' }).min(1).max(INGEST_LIMITS.idChars).nullish(),
    timestamp: z
      .number({ error: 'timestamp must be seconds since 1970' })
      .int('timestamp must be whole seconds since 1970')
      .min(0, 'timestamp must not be before 1970')
      .refine(
        (seconds) => seconds <= Date.now() / 1000 + INGEST_LIMITS.futureSkewSeconds,
        'timestamp is in the future',
      )
      .optional(),
    hashtags: z
      .array(z.string({ error: 'hashtags must be a list of text' }).max(INGEST_LIMITS.hashtagChars))
      .max(INGEST_LIMITS.hashtagsPerPost, `hashtags may hold at most ${INGEST_LIMITS.hashtagsPerPost} tags`)
      .optional(),
    caption: z
      .string({ error: 'caption must be text' })
      .max(INGEST_LIMITS.captionChars * 4)
      .optional(),
    place_id: z.string({ error: 'place_id must be text' }).min(1).max(INGEST_LIMITS.idChars).nullish(),
  },
  { error: 'a line must be one JSON object' },
);

export type ImportLine = z.infer<typeof ImportLineSchema>;

/** The post on a line, or a sentence saying what is wrong with it. */
export function checkPostLine(value: unknown): ImportLine | string {
  const result = ImportLineSchema.safeParse(value);
  if (!result.success) {
    return result.error.issues.map((issue) => issue.message).join('; ');
  }
  if (result.data.hashtags === undefined && result.data.caption === undefined)
    return 'needs "hashtags" or "caption"';
  return result.data;
}
