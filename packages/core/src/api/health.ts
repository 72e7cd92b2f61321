import { z } from 'zod';

/** The Bluesky firehose consumer of this process (decision 013). */
export const FirehoseStatusSchema = z
  .object({
    is_enabled: z.boolean().meta({ description: 'BLUESKY_JETSTREAM_URL names at least one instance' }),
    role: z
      .enum(['consumer', 'standby', 'off'])
      .meta({ description: 'consumer: this process reads the firehose; standby: another one does (lock)' }),
    state: z.enum(['connecting', 'connected', 'waiting', 'stopped']),
    instance: z.string().nullable(),
    lag_seconds: z.number().nullable().meta({ description: "Now minus the newest event's time" }),
    events_per_second: z.number().int(),
    events: z.number().int(),
    malformed: z.number().int(),
    posts_counted: z.number().int(),
    posts_stored: z.number().int(),
    last_error: z.object({ message: z.string(), at: z.string() }).nullable(),
  })
  .meta({ id: 'FirehoseStatus' });
export type FirehoseStatus = z.infer<typeof FirehoseStatusSchema>;

export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
  bluesky: FirehoseStatusSchema,
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
