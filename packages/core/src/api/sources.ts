import { z } from 'zod';
import { FirehoseStatusSchema } from './health.js';

/**
 * Live sources (docs/product-rules.md#live-sources): the calls a social network answers, how they fail, and the
 * alerts administrators see. The connectors live in packages/sources; the server and the web meet here.
 */

export const SourceItemType = { hashtag: 'hashtag', place: 'place', profile: 'profile' } as const;
export type SourceItemType = (typeof SourceItemType)[keyof typeof SourceItemType];

/** A search lists items by query; a lookup reads one item (its page: count and recent posts). */
export const SourceCallKind = { search: 'search', lookup: 'lookup' } as const;
export type SourceCallKind = (typeof SourceCallKind)[keyof typeof SourceCallKind];

/** The six call types, each with its own block flag. */
export const SOURCE_CALLS = [
  'search:hashtag',
  'search:place',
  'search:profile',
  'lookup:hashtag',
  'lookup:place',
  'lookup:profile',
] as const;
export type SourceCall = (typeof SOURCE_CALLS)[number];

export function sourceCall(kind: SourceCallKind, type: SourceItemType): SourceCall {
  return `${kind}:${type}`;
}

export function kindOfCall(call: SourceCall): SourceCallKind {
  return call.startsWith('search:') ? SourceCallKind.search : SourceCallKind.lookup;
}

/** How a call to the network fails. */
export const FailureClass = {
  /** The network redirected to its login page (or asked for a login). */
  block: 'block',
  /** The answer did not have the expected shape. */
  parseError: 'parse-error',
  /** A 404 on an item's page; a tag's count is then cached as 0. */
  notFound: 'not-found',
  /** The device could not read the answer (a cross-origin refusal). */
  cors: 'cors',
  /** Anything else: network errors, timeouts, 5xx, 429. */
  unknown: 'unknown',
} as const;
export type FailureClass = (typeof FailureClass)[keyof typeof FailureClass];
const FAILURE_CLASSES = Object.values(FailureClass) as [FailureClass, ...FailureClass[]];

/** Where the call ran: the server's own sources, or a user's device (the mobile app). */
export const SourceOrigin = { server: 'server', device: 'device' } as const;
export type SourceOrigin = (typeof SourceOrigin)[keyof typeof SourceOrigin];

/** The admin alerts (docs/product-rules.md#live-sources). */
export const SourceAlert = {
  searchesBlocked: 'searches_blocked',
  lookupsBlocked: 'lookups_blocked',
  possibleCors: 'possible_cors',
} as const;
export type SourceAlert = (typeof SourceAlert)[keyof typeof SourceAlert];

// ---- POST /api/sources/reports (from devices: untrusted, strict) ----

export const SourceReportBodySchema = z
  .strictObject({
    source: z.enum(['instagram-web'], { error: 'must be a source that runs on devices: instagram-web' }),
    call: z.enum(SOURCE_CALLS, { error: `must be one of ${SOURCE_CALLS.join(', ')}` }),
    failure: z.enum(FAILURE_CLASSES, { error: `must be one of ${FAILURE_CLASSES.join(', ')}` }),
  })
  .meta({ id: 'SourceReport' });
export type SourceReportBody = z.infer<typeof SourceReportBodySchema>;

/** 'ignored': not counted (no signed-in account, or a not-found, which is an answer, not a failure). */
export const SourceReportResponseSchema = z.object({ status: z.enum(['recorded', 'ignored']) });

// ---- GET /api/sources/status (administrators) ----

export const SourceFailureStateSchema = z
  .object({
    source: z.string(),
    origin: z.enum(SourceOrigin),
    call: z.enum(SOURCE_CALLS),
    failure: z.enum(FAILURE_CLASSES),
    count: z.number().int().meta({ description: 'Failures of this kind since it was first seen' }),
    first_at: z.string().meta({ description: 'ISO time of the first one' }),
    last_at: z.string().meta({ description: 'ISO time of the latest one' }),
    blocked_until: z
      .string()
      .nullable()
      .meta({ description: 'Blocks only: until when calls of this type are not made' }),
    is_active: z.boolean().meta({ description: 'Whether it still counts towards the alerts' }),
  })
  .meta({ id: 'SourceFailureState' });
export type SourceFailureState = z.infer<typeof SourceFailureStateSchema>;

export const SourceStatusResponseSchema = z
  .object({
    sources: z.array(
      z.object({
        name: z.string(),
        origin: z.enum(SourceOrigin),
        is_enabled: z.boolean(),
        queued: z.number().int().meta({ description: 'Fetches waiting (server sources)' }),
      }),
    ),
    alerts: z.array(z.enum(SourceAlert)),
    failures: z.array(SourceFailureStateSchema),
    bluesky: FirehoseStatusSchema,
  })
  .meta({ id: 'SourceStatus' });
export type SourceStatusResponse = z.infer<typeof SourceStatusResponseSchema>;
