import { ErrorCode } from '@tagscout/core/api';
import { QUARRY_DEFAULTS } from '@tagscout/core/quarries';
import { AppError } from '../../app-error.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/connect.js';

/** What every quarries service function works with. */
export interface QuarriesContext {
  database: Database;
  now: () => number;
  limits: {
    postsPerPeriod: number;
    prospectsPerPeriod: number;
    periodDays: number;
    recordLimit: number;
  };
  adminBillingMarker: string | undefined;
}

export function quarriesContext(database: Database, config: Config): QuarriesContext {
  return {
    database,
    now: config.now,
    limits: {
      postsPerPeriod: config.PROSPECTING_POSTS_PER_PERIOD,
      prospectsPerPeriod: config.PROSPECTING_PROSPECTS_PER_PERIOD,
      periodDays: QUARRY_DEFAULTS.usagePeriodDays,
      recordLimit: QUARRY_DEFAULTS.recordLimit,
    },
    adminBillingMarker: config.ADMIN_BILLING_MARKER,
  };
}

/** Who asks: request.viewer, or the owner a background run acts for. */
export interface Actor {
  userId: string | null;
  isAdmin: boolean;
}

/**
 * The first line of every service function (as the routes' guard, so jobs and HTTP agree):
 * prospecting is for administrators, on their own quarries. Returns the owner id to scope by.
 */
export function adminOwnerId(actor: Actor): string {
  if (!actor.userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to do this.');
  if (!actor.isAdmin) throw AppError.forbidden('Only administrators may do this.');
  return actor.userId;
}

export function quarryNotFound(): AppError {
  return AppError.notFound('There is no such quarry.');
}

export const toIso = (ms: number) => new Date(ms).toISOString();
