import { CountdownResponseSchema } from '@tagscout/core/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readSetting } from '../../db/settings.js';

/** The settings key the admin screen (a later issue) will edit. */
export const COUNTDOWN_SETTING = 'countdown_date';

/**
 * SPEC 7's live-event countdown: seconds since 1970, from the settings table or else COUNTDOWN_DATE
 * (an ISO date or epoch seconds); 0 when neither is set.
 */
export const countdownRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/countdown',
    {
      schema: {
        tags: ['appdata'],
        summary: 'The live-event date in seconds since 1970 (0 = none)',
        response: { 200: CountdownResponseSchema },
      },
    },
    async () => {
      const stored = await readSetting(app.database, COUNTDOWN_SETTING);
      return { return: { countDownDate: toEpochSeconds(stored ?? app.config.COUNTDOWN_DATE) } };
    },
  );
};

export function toEpochSeconds(value: string | undefined): number {
  if (!value) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : Math.floor(ms / 1000);
}
