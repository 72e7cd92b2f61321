import { z } from 'zod';
import { NetworkSchema } from '../networks/index.js';
import { hashtagListParam } from './hashtag-list.js';
import { TREND_LIMITS } from './trend-limits.js';

const networkParam = NetworkSchema.optional().meta({
  description:
    'The network whose daily uses answer; without it, the first of DEFAULT_NETWORK that holds tags',
});
const day = z.string().meta({ description: 'A UTC date, YYYY-MM-DD' });

// ---- GET /trends/hashtags ----

export const TrendQuerySchema = z.object({
  tags: hashtagListParam(
    TREND_LIMITS.tags,
    `1 to ${TREND_LIMITS.tags} comma-separated hashtags (the results or export list ask in one request)`,
  ),
  network: networkParam,
});
export type TrendQuery = z.infer<typeof TrendQuerySchema>;

export const HashtagTrendSchema = z
  .object({
    hashtag: z.string(),
    daily: z.array(z.number().int()).meta({
      description: `Uses on each of the last ${TREND_LIMITS.days} days, oldest first, 0 where none`,
    }),
    last_7_days: z.number().int(),
    last_30_days: z.number().int(),
    week_change: z.number().nullable().meta({
      description:
        'Week on week: (last 7 days - the 7 before) / the 7 before, 0.25 = +25%; null when the 7 before had no uses',
    }),
  })
  .meta({ id: 'HashtagTrend' });
export type HashtagTrend = z.infer<typeof HashtagTrendSchema>;

export const TrendResponseSchema = z.object({
  network: NetworkSchema.meta({ description: 'The network the daily uses come from' }),
  first_day: day,
  last_day: day.meta({
    description:
      "The newest day shown: today (UTC), or the sample's last day, since the sample does not grow",
  }),
  trends: z.array(HashtagTrendSchema).meta({ description: 'In the order asked' }),
});
export type TrendResponse = z.infer<typeof TrendResponseSchema>;

// ---- GET /trends/now ----

export const TrendingQuerySchema = z.object({
  network: networkParam,
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(TREND_LIMITS.trendingMax, `must be at most ${TREND_LIMITS.trendingMax}`)
    .default(TREND_LIMITS.trendingDefault),
});
export type TrendingQuery = z.infer<typeof TrendingQuerySchema>;

export const TrendingHashtagSchema = z
  .object({
    hashtag: z.string(),
    count: z.number().int().meta({ description: 'Total posts; -1 = unknown, -2 = needs a direct lookup' }),
    last_24_hours: z.number().int().meta({ description: 'Uses in the last 24 hours (from the daily uses)' }),
    previous_24_hours: z.number().int().meta({ description: 'Uses in the 24 hours before' }),
    authors: z.number().int().meta({
      description: 'People who used it today and yesterday, each once (docs/decisions/025-count-people.md)',
    }),
    growth: z.number().meta({
      description: 'The ranking score, each author weighing a few posts a day (decisions 018 and 025)',
    }),
  })
  .meta({ id: 'TrendingHashtag' });
export type TrendingHashtag = z.infer<typeof TrendingHashtagSchema>;

export const TrendingResponseSchema = z.object({
  network: NetworkSchema,
  as_of: z.string().meta({ description: 'The moment the last 24 hours end, ISO 8601' }),
  trending: z.array(TrendingHashtagSchema).meta({ description: 'Most grown first; banned tags left out' }),
});
export type TrendingResponse = z.infer<typeof TrendingResponseSchema>;

// ---- GET /networks ----

export const NetworksResponseSchema = z.object({
  default: NetworkSchema.meta({ description: 'The network that answers requests naming none' }),
  networks: z
    .array(NetworkSchema)
    .meta({ description: 'The networks that hold data, in DEFAULT_NETWORK order first' }),
});
export type NetworksResponse = z.infer<typeof NetworksResponseSchema>;
