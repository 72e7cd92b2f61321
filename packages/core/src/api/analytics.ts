import { z } from 'zod';
import { ANALYTICS_LIMITS } from './analytics-limits.js';

/**
 * Analytics (registerEvent; docs/security-policy.md#analytics): batches of at most 100 events,
 * 32 KB an event and 500 KB a batch; names from an allow-list; props of at most 20 keys; a client
 * event id (UUID) that makes retries idempotent. The server answers 202 and stamps receivedAt.
 */

/** Every event the clients may send. Anything else is refused. */
export const EVENT_TYPES = [
  'copyClick',
  'drillClick',
  'saveClick',
  'search',
  'appOpened',
  'tutorialViewed',
  'cookiesAccepted',
  'cookiesDeclined',
  'walkthroughStep',
  'walkthroughOff',
  'walkthroughRestart',
  'feedbackSent',
  'upgradeViewed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Who sends the events (userDetail). The server trusts none of it for access. */
export const UserDetailSchema = z
  .strictObject({
    userID: z.string().max(100).nullable().optional(),
    platform: z.enum(['web', 'ios', 'android']),
    device: z.string().max(100),
    appVersion: z.string().max(40),
    group: z.string().max(40),
    trialStatus: z.string().max(40),
    influencer: z.string().max(100).nullable().optional(),
  })
  .meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof UserDetailSchema>;

const propValue = z.union([
  z.string().max(ANALYTICS_LIMITS.propValueChars),
  z.number(),
  z.boolean(),
  z.null(),
]);

export const AnalyticsEventSchema = z
  .strictObject({
    eventId: z.uuid({ error: 'must be a UUID' }),
    eventType: z.enum(EVENT_TYPES),
    message: z.string().max(ANALYTICS_LIMITS.messageChars).optional(),
    props: z
      .record(z.string().min(1).max(64), propValue)
      .refine((props) => Object.keys(props).length <= ANALYTICS_LIMITS.propsKeys, {
        message: `may have at most ${ANALYTICS_LIMITS.propsKeys} keys`,
      })
      .optional(),
    /** When the client says it happened (ms since 1970); kept, never trusted. */
    timestamp: z.number().int().min(0).optional(),
  })
  .refine((event) => utf8Length(JSON.stringify(event)) <= ANALYTICS_LIMITS.eventBytes, {
    message: 'an event may be at most 32 KB',
  })
  .meta({ id: 'AnalyticsEvent' });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** One event (registerEvent) or a batch of up to 100. */
export const RegisterEventBodySchema = z
  .strictObject({
    userDetail: UserDetailSchema,
    event: AnalyticsEventSchema.optional(),
    events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_LIMITS.eventsPerBatch).optional(),
  })
  .refine((body) => (body.event === undefined) !== (body.events === undefined), {
    message: 'send either event or events',
  })
  .refine((body) => utf8Length(JSON.stringify(body)) <= ANALYTICS_LIMITS.batchBytes, {
    message: 'a batch may be at most 500 KB',
  })
  .meta({ id: 'RegisterEventBody' });
export type RegisterEventBody = z.infer<typeof RegisterEventBodySchema>;

export const RegisterEventResponseSchema = z.object({
  /** New events stored. */
  accepted: z.number().int(),
  /** Events whose eventId was already stored (retries). */
  duplicates: z.number().int(),
});
export type RegisterEventResponse = z.infer<typeof RegisterEventResponseSchema>;

// ---- Admin summary ----

export const AnalyticsSummaryQuerySchema = z.strictObject({
  days: z.coerce.number().int().min(1).max(366).default(30),
});

export const AnalyticsSummaryResponseSchema = z
  .object({
    /** First and last day covered, YYYY-MM-DD (UTC, by receivedAt). */
    from: z.string(),
    to: z.string(),
    rows: z.array(z.object({ day: z.string(), eventType: z.string(), count: z.number().int() })),
    totals: z.array(z.object({ eventType: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'AnalyticsSummary' });
export type AnalyticsSummaryResponse = z.infer<typeof AnalyticsSummaryResponseSchema>;

/** Bytes of the text in UTF-8 (the size limits are in bytes). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}
