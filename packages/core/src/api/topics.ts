import { z } from 'zod';
import { type ExportFilters, SelectionStrategy } from '../export/index.js';
import { ANY_NETWORK, normalizeHashtag } from '../hashtags/index.js';
import { LIMITS } from '../limits/index.js';
import { ErrorResponseSchema } from './errors.js';
import { TOPIC_LIMITS } from './topic-limits.js';
import { UNTITLED_TOPIC } from './topic-title.js';

/**
 * The topics (collections) contract: GET/POST /api/topics, GET/PUT/DELETE /api/topics/:topicId
 * (docs/product-rules.md#collections). Answers are keyed by topic_id. The owner, creator and both stamps
 * come from the server, never from the body; `modified` doubles as the version a PUT must name.
 */

/** Filters of a topic saved without any (lowest post count first). */
export const DEFAULT_EXPORT_FILTERS: ExportFilters = {
  postCount: [null, null],
  selectionStrategy: SelectionStrategy.lowestPostCount,
  selectionCount: LIMITS.freeSelectionMax,
};

// ---- Fields ----

const tagName = z
  .string({ error: 'must be text' })
  .max(TOPIC_LIMITS.tagChars, `must be at most ${TOPIC_LIMITS.tagChars} characters`)
  .transform((raw, context) => {
    // A collection keeps tags of every network: Bluesky's k-pop as well as Instagram's foo_.
    const tag = normalizeHashtag(raw, ANY_NETWORK);
    if (tag === null) {
      context.addIssue({
        code: 'custom',
        message: 'is not a valid hashtag on any network',
      });
      return z.NEVER;
    }
    return tag;
  });

const tagList = (what: string) =>
  z
    .array(tagName, { error: 'must be a list of hashtags' })
    .max(TOPIC_LIMITS.tags, `may hold at most ${TOPIC_LIMITS.tags.toLocaleString('en')} hashtags`)
    .refine((tags) => new Set(tags).size === tags.length, `must not name a hashtag twice in ${what}`);

const postCountBound = z
  .number({ error: 'must be a number or null' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(TOPIC_LIMITS.maxPostCount, 'is implausibly large')
  .nullable();

const title = z
  .string({ error: 'must be text' })
  .max(TOPIC_LIMITS.titleChars, `must be at most ${TOPIC_LIMITS.titleChars} characters`)
  .refine((text) => !/\p{Cc}/u.test(text), 'must not contain line breaks or control characters');

/** A `modified` stamp: epoch milliseconds, bumped on every save. */
const stamp = z.number({ error: 'must be a number' }).int('must be a whole number').min(0);

export const ExportFiltersSchema = z
  .strictObject({
    postCount: z.tuple([postCountBound, postCountBound], { error: 'must be [min, max]' }),
    selectionStrategy: z.enum(
      [SelectionStrategy.lowestPostCount, SelectionStrategy.highestPostCount, SelectionStrategy.random],
      { error: 'must be lowestPostCount, highestPostCount or random' },
    ),
    selectionCount: z
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(TOPIC_LIMITS.tags, `must be at most ${TOPIC_LIMITS.tags}`),
  })
  .meta({ id: 'ExportFilters' });

// ---- Request bodies ----

const topicFields = {
  title: title.optional().meta({ description: `Empty or missing is stored as '${UNTITLED_TOPIC}'` }),
  exportFilters: ExportFiltersSchema.optional(),
  applyFilter: z.boolean({ error: 'must be true or false' }).optional(),
  export: tagList('export').meta({ description: 'The hashtags of the list, in order' }),
  export_count: z
    .number({ error: 'must be a number' })
    .int()
    .optional()
    .meta({ description: 'Ignored when equal to export.length; any other value is refused' }),
  selected: tagList('selected').optional().meta({ description: 'Ticked hashtags; each must be in export' }),
  hidden: tagList('hidden').optional(),
};

function checkTopic(
  topic: { export: string[]; export_count?: number | undefined; selected?: string[] | undefined },
  context: z.RefinementCtx,
) {
  if (topic.export_count !== undefined && topic.export_count !== topic.export.length) {
    context.addIssue({
      code: 'custom',
      path: ['export_count'],
      message: `must equal the number of hashtags in export (${topic.export.length})`,
    });
  }
  const inExport = new Set(topic.export);
  const stray = (topic.selected ?? []).filter((tag) => !inExport.has(tag));
  if (stray.length > 0) {
    context.addIssue({
      code: 'custom',
      path: ['selected'],
      message: `may only name hashtags of export (not ${stray.slice(0, 3).join(', ')})`,
    });
  }
}

/** POST /api/topics: the topic without topic_id, owner, creator or stamps. */
export const CreateTopicBodySchema = z
  .strictObject(topicFields)
  .superRefine(checkTopic)
  .meta({ id: 'CreateTopic' });
export type CreateTopicBody = z.input<typeof CreateTopicBodySchema>;
export type CreateTopic = z.output<typeof CreateTopicBodySchema>;

/** PUT /api/topics/:topicId: the whole topic again, and the `modified` stamp it was edited from. */
export const UpdateTopicBodySchema = z
  .strictObject({
    ...topicFields,
    base_modified: stamp.meta({
      description:
        'The `modified` of the version this edit started from. If the topic was saved since, the answer is 409 with the current version.',
    }),
  })
  .superRefine(checkTopic)
  .meta({ id: 'UpdateTopic' });
export type UpdateTopicBody = z.input<typeof UpdateTopicBodySchema>;
export type UpdateTopic = z.output<typeof UpdateTopicBodySchema>;

export const TopicParamsSchema = z.object({ topicId: z.uuid({ error: 'must be a topic id (a UUID)' }) });

/** `owner_id` may be given (the apps send it); it must be the caller's own id. */
export const TopicOwnerQuerySchema = z.strictObject({
  owner_id: z.string().max(200).optional().meta({ description: "The caller's own user id, or nothing" }),
});

// ---- Answers ----

export const TopicSchema = z
  .object({
    topic_id: z.uuid(),
    title: z.string(),
    creator_id: z.string(),
    owner_id: z.string(),
    created: z.number().int().meta({ description: 'Epoch milliseconds' }),
    modified: z
      .number()
      .int()
      .meta({ description: 'Epoch milliseconds; the version to name in base_modified' }),
    exportFilters: ExportFiltersSchema,
    applyFilter: z.boolean(),
    export: z.array(z.string()),
    export_count: z.number().int(),
    selected: z.array(z.string()),
    hidden: z.array(z.string()),
  })
  .meta({ id: 'Topic' });
export type Topic = z.infer<typeof TopicSchema>;

/** Every answer with topics: an object keyed by topic_id (the list is newest first). */
export const TopicsByIdSchema = z.record(z.string(), TopicSchema).meta({ id: 'TopicsById' });
export type TopicsById = z.infer<typeof TopicsByIdSchema>;

/** 409 on a stale PUT: the error and the version now stored, to reload or to overwrite. */
export const TopicConflictResponseSchema = ErrorResponseSchema.extend({ current: TopicSchema }).meta({
  id: 'TopicConflict',
});
export type TopicConflictResponse = z.infer<typeof TopicConflictResponseSchema>;
