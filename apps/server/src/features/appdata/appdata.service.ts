import { randomUUID } from 'node:crypto';
import {
  type AdminAppDataResponse,
  type AppDataResponse,
  DEFAULT_FEATURE_SWITCHES,
  type FeatureSwitches,
  FeatureSwitchesSchema,
  type FeedbackBody,
  type FeedbackListResponse,
  NetworkCapsSchema,
  type OutageMessage,
  OutageMessageSchema,
  type UpdateAppDataBody,
  type UpdateBannedTagsResponse,
} from '@tagscout/core/api';
import { shouldUpdateApp } from '@tagscout/core/billing';
import { ANY_NETWORK, normalizeHashtag } from '@tagscout/core/hashtags';
import { LIMITS } from '@tagscout/core/limits';
import { z } from 'zod';
import { AppError } from '../../app-error.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/connect.js';
import { readSetting, writeSetting } from '../../db/settings.js';
import { findEmailsOfUsers } from '../accounts/accounts.service.js';
import type { Viewer } from '../accounts/viewer.js';
import { setBannedTags } from '../search/banned-tags.service.js';
import {
  findFeedback,
  insertAuditEntry,
  insertFeedback,
  readAppDataRows,
  type StoredValue,
  writeAppDataRows,
} from './appdata.repository.js';
import { COUNTDOWN_SETTING, toEpochSeconds } from './countdown.service.js';

export interface AppDataContext {
  database: Database;
  now: Clock;
  /** COUNTDOWN_DATE and APP_MINIMUM_VERSION: the values until an administrator sets others. */
  defaults: { countdownDate: string | undefined; minimumVersion: string | undefined };
  cache: { value: AdminAppDataResponse; until: number } | null;
}

/** How long a server process reuses what it read (an admin change on this process clears it at once). */
const CACHE_MS = 5000;

const KEY = {
  outage: 'outage',
  deployedVersion: 'deployedVersion',
  minimumVersion: 'minimumVersion',
  switches: 'switches',
  bannedTags: 'bannedTags',
  networkCaps: 'networkCaps',
} as const;

/** The outage banner text (docs/product-rules.md#messages), ready for an administrator to switch on. */
export const DEFAULT_OUTAGE: OutageMessage = {
  showMessage: false,
  en: 'The expand-related-tags feature has been temporarily disabled by the network. We are building an alternative.',
  pt: 'O recurso de expandir hashtags relacionadas foi desativado temporariamente pela rede. Estamos criando uma alternativa.',
};

export function createAppDataContext(
  database: Database,
  options: { now: Clock; countdownDate?: string; minimumVersion?: string },
): AppDataContext {
  return {
    database,
    now: options.now,
    defaults: { countdownDate: options.countdownDate, minimumVersion: options.minimumVersion },
    cache: null,
  };
}

/** The app data every client reads at start (public). */
export async function getAppData(context: AppDataContext): Promise<AppDataResponse> {
  const { updatedAt: _at, updatedBy: _by, ...data } = await getAdminAppData(context);
  return data;
}

/** The app data with who changed it last. */
export async function getAdminAppData(context: AppDataContext): Promise<AdminAppDataResponse> {
  const now = context.now();
  if (context.cache && context.cache.until > now) return context.cache.value;
  const [rows, countdown] = await Promise.all([
    readAppDataRows(context.database),
    readSetting(context.database, COUNTDOWN_SETTING),
  ]);
  const latest = [...rows.values()].sort((a, b) => b.updatedAt - a.updatedAt)[0];
  const value: AdminAppDataResponse = {
    outage: parsed(rows.get(KEY.outage), OutageMessageSchema) ?? DEFAULT_OUTAGE,
    countDownDate: toEpochSeconds(countdown ?? context.defaults.countdownDate),
    deployedVersion: parsed(rows.get(KEY.deployedVersion), z.string()) ?? LIMITS.clientVersion,
    // A stored null (an administrator removed the minimum) wins over APP_MINIMUM_VERSION.
    minimumVersion: rows.has(KEY.minimumVersion)
      ? (parsed(rows.get(KEY.minimumVersion), z.string().nullable()) ?? null)
      : (context.defaults.minimumVersion ?? null),
    switches: {
      ...DEFAULT_FEATURE_SWITCHES,
      ...parsed(rows.get(KEY.switches), FeatureSwitchesSchema.partial()),
    } as FeatureSwitches,
    networkCaps: parsed(rows.get(KEY.networkCaps), NetworkCapsSchema) ?? {},
    updatedAt: latest ? new Date(latest.updatedAt).toISOString() : null,
    updatedBy: latest?.updatedBy ?? null,
  };
  context.cache = { value, until: now + CACHE_MS };
  return value;
}

/** An administrator's change: only the parts given; audit-logged. */
export async function updateAppData(
  context: AppDataContext,
  viewer: Viewer,
  change: UpdateAppDataBody,
  audit: AuditSink,
): Promise<AdminAppDataResponse> {
  requireAdminViewer(viewer);
  const now = context.now();
  const current = await getAdminAppData({ ...context, cache: null });
  const values: Record<string, string> = {};
  if (change.outage) values[KEY.outage] = JSON.stringify(change.outage);
  if (change.deployedVersion) values[KEY.deployedVersion] = JSON.stringify(change.deployedVersion);
  if (change.minimumVersion !== undefined) values[KEY.minimumVersion] = JSON.stringify(change.minimumVersion);
  if (change.switches) values[KEY.switches] = JSON.stringify({ ...current.switches, ...change.switches });
  if (change.networkCaps) values[KEY.networkCaps] = JSON.stringify(change.networkCaps);
  await writeAppDataRows(context.database, values, { updatedBy: viewer.userId, now });
  if (change.countDownDate !== undefined) {
    await writeSetting(context.database, COUNTDOWN_SETTING, String(change.countDownDate), now);
  }
  context.cache = null;
  await audit('appdata.update', { fields: Object.keys(change), change });
  return getAdminAppData(context);
}

/** Version check: the running app is older than the oldest supported one (apps only). */
export async function checkVersion(
  context: AppDataContext,
  query: { runningVersion: string; platform?: 'web' | 'ios' | 'android' | undefined },
): Promise<boolean> {
  // The web always runs the deployed bundle; only the store apps can be out of date.
  if ((query.platform ?? 'web') === 'web') return false;
  const { minimumVersion } = await getAppData(context);
  return shouldUpdateApp(query.runningVersion, minimumVersion);
}

// ---- Banned tags ----

/** Replaces the banned tags and keeps the list, so it outlives a restart (over the file's list). */
export async function replaceBannedTagList(
  context: AppDataContext,
  viewer: Viewer,
  tags: readonly string[],
  audit: AuditSink,
): Promise<UpdateBannedTagsResponse> {
  requireAdminViewer(viewer);
  const accepted = new Set<string>();
  const rejected: string[] = [];
  for (const tag of tags) {
    const name = normalizeHashtag(tag, ANY_NETWORK);
    if (name === null) rejected.push(tag);
    else accepted.add(name);
  }
  const bannedTags = [...accepted].sort();
  const now = context.now();
  await setBannedTags(context.database, bannedTags, now);
  await writeAppDataRows(
    context.database,
    { [KEY.bannedTags]: JSON.stringify(bannedTags) },
    { updatedBy: viewer.userId, now },
  );
  context.cache = null;
  await audit('banned-tags.replace', { count: bannedTags.length, rejected: rejected.length });
  return { bannedTags, rejected };
}

/** At start: a list an administrator set wins over the banned-tags file. */
export async function applyStoredBannedTags(context: AppDataContext): Promise<void> {
  const rows = await readAppDataRows(context.database);
  const tags = parsed(rows.get(KEY.bannedTags), z.array(z.string()));
  if (tags) await setBannedTags(context.database, tags, context.now());
}

// ---- Feedback ----

export async function submitFeedback(
  context: AppDataContext,
  viewer: Viewer,
  body: FeedbackBody,
): Promise<{ id: string }> {
  const id = randomUUID();
  await insertFeedback(context.database, {
    id,
    message: body.message,
    userId: viewer.userId,
    deviceId: viewer.deviceId,
    group: viewer.capabilities.group,
    platform: viewer.account.platform,
    appVersion: body.appVersion ?? null,
    createdAt: context.now(),
  });
  return { id };
}

export async function listFeedback(context: AppDataContext, viewer: Viewer): Promise<FeedbackListResponse> {
  requireAdminViewer(viewer);
  const rows = await findFeedback(context.database, 200);
  // The writer's address when they have an account (the accounts feature owns users).
  const emails = await findEmailsOfUsers(
    context.database,
    rows.flatMap((row) => (row.user_id ? [row.user_id] : [])),
  );
  return {
    feedback: rows.map((row) => ({
      id: row.id,
      message: row.message,
      userId: row.user_id,
      email: row.user_id ? (emails.get(row.user_id) ?? null) : null,
      group: row.user_group,
      platform: row.platform,
      appVersion: row.app_version,
      createdAt: new Date(Number(row.created_at)).toISOString(),
    })),
  };
}

// ---- Audit ----

export type AuditSink = (action: string, details: object) => Promise<void>;

/** Admin changes go to the log and to the admin_audit table. */
export function auditTo(
  context: AppDataContext,
  options: { viewer: Viewer; ip: string; log: (details: object, message: string) => void },
): AuditSink {
  return async (action, details) => {
    const userId = options.viewer.userId ?? 'unknown';
    options.log({ audit: action, userId, ...details }, 'admin action');
    await insertAuditEntry(context.database, {
      id: randomUUID(),
      userId,
      action,
      details,
      ip: options.ip,
      now: context.now(),
    });
  };
}

function requireAdminViewer(viewer: Viewer): asserts viewer is Viewer & { userId: string } {
  // The admin plugin's guard already refused everyone else; services check again for other callers.
  if (!viewer.isAdmin || !viewer.userId) throw AppError.forbidden('Only administrators may do this.');
}

function parsed<T>(stored: StoredValue | undefined, schema: z.ZodType<T>): T | undefined {
  if (!stored) return undefined;
  try {
    const result = schema.safeParse(JSON.parse(stored.value));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
