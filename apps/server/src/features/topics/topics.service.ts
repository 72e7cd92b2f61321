import { randomUUID } from 'node:crypto';
import type { Capabilities } from '@tagscout/core/access';
import {
  type CreateTopic,
  DEFAULT_EXPORT_FILTERS,
  ErrorCode,
  TOPIC_LIMITS,
  type Topic,
  TopicErrorCode,
  topicTitle,
  type UpdateTopic,
} from '@tagscout/core/api';
import { AppError } from '../../app-error.js';
import type { Database } from '../../db/connect.js';
import { presentTopic, serializeFilters } from './topics.presenter.js';
import {
  deleteTopic,
  findTopic,
  findTopicsOfOwner,
  insertTopicWithinLimit,
  moveTopicsToOwner,
  type TopicChanges,
  updateTopicAtVersion,
} from './topics.repository.js';

/** Who acts on topics: the session's user (never a body or query field) and what they may do. */
export interface TopicActor {
  userId: string | null;
  capabilities: Pick<Capabilities, 'canUseCollections' | 'canSaveTopics'>;
}

export interface TopicContext {
  database: Database;
  now: () => number;
}

/** A stale PUT: the topic was saved since the version the client edited. */
export class TopicConflictError extends AppError {
  constructor(readonly current: Topic) {
    super(
      409,
      ErrorCode.conflict,
      'This collection was saved somewhere else since you opened it. Reload it, or save yours over it.',
    );
  }
}

/** What a request names: the topic, and the `owner_id` query the apps send (the caller's own). */
export interface TopicRequest {
  topicId: string;
  ownerQuery?: string | undefined;
}

export async function listTopics(
  context: TopicContext,
  actor: TopicActor,
  { ownerQuery }: Pick<TopicRequest, 'ownerQuery'> = {},
): Promise<Topic[]> {
  const ownerId = authorize(actor, 'canUseCollections', ownerQuery);
  const rows = await findTopicsOfOwner(context.database, ownerId);
  return rows.map(presentTopic);
}

export async function getTopic(
  context: TopicContext,
  actor: TopicActor,
  { topicId, ownerQuery }: TopicRequest,
): Promise<Topic> {
  const ownerId = authorize(actor, 'canUseCollections', ownerQuery);
  const row = await findTopic(context.database, ownerId, topicId);
  if (!row) throw notFound();
  return presentTopic(row);
}

export async function createTopic(
  context: TopicContext,
  actor: TopicActor,
  { input, ownerQuery }: Pick<TopicRequest, 'ownerQuery'> & { input: CreateTopic },
): Promise<Topic> {
  const ownerId = authorize(actor, 'canSaveTopics', ownerQuery);
  const now = context.now();
  const topicId = randomUUID();
  const row = {
    topic_id: topicId,
    owner_id: ownerId,
    creator_id: ownerId,
    created: now,
    ...storedFields(input, now),
  };
  if (!(await insertTopicWithinLimit(context.database, row, TOPIC_LIMITS.topicsPerOwner))) {
    throw new AppError(
      409,
      TopicErrorCode.collectionsLimit,
      `You have ${TOPIC_LIMITS.topicsPerOwner} collections, the most an account can keep. Delete one to save a new one.`,
    );
  }
  return getTopic(context, actor, { topicId });
}

/**
 * Replaces the topic if it is still at `base_modified`. The new stamp is later than both the clock
 * and the old stamp, so it is a fresh version even within one millisecond or with a clock that
 * went back. A stale save gets 409 with the stored version; another owner's topic is a 404.
 */
export async function updateTopic(
  context: TopicContext,
  actor: TopicActor,
  { topicId, input, ownerQuery }: TopicRequest & { input: UpdateTopic },
): Promise<Topic> {
  const ownerId = authorize(actor, 'canSaveTopics', ownerQuery);
  const modified = Math.max(context.now(), input.base_modified + 1);
  const changes = storedFields(input, modified);
  const key = { ownerId, topicId, baseModified: input.base_modified };
  if (await updateTopicAtVersion(context.database, key, changes)) {
    return getTopic(context, actor, { topicId });
  }
  const current = await findTopic(context.database, ownerId, topicId);
  if (!current) throw notFound();
  throw new TopicConflictError(presentTopic(current));
}

export async function removeTopic(
  context: TopicContext,
  actor: TopicActor,
  { topicId, ownerQuery }: TopicRequest,
): Promise<void> {
  const ownerId = authorize(actor, 'canSaveTopics', ownerQuery);
  if (!(await deleteTopic(context.database, ownerId, topicId))) throw notFound();
}

/**
 * The first check of every operation: a session, the capability, and an `owner_id` query (the apps
 * send one) that names the caller. Returns the owner every query is scoped to.
 */
function authorize(
  actor: TopicActor,
  capability: keyof TopicActor['capabilities'],
  ownerQuery?: string,
): string {
  if (!actor.userId) throw new AppError(401, ErrorCode.unauthorized, 'Sign in to use collections.');
  if (!actor.capabilities[capability]) {
    throw AppError.forbidden(
      'Collections are part of Tagscout Pro. Upgrade or start a free trial to save them.',
    );
  }
  if (ownerQuery !== undefined && ownerQuery !== actor.userId) {
    throw AppError.forbidden('You can only use your own collections.');
  }
  return actor.userId;
}

function storedFields(input: CreateTopic, modified: number): TopicChanges {
  return {
    title: topicTitle(input.title),
    modified,
    export_filters: serializeFilters(input.exportFilters ?? DEFAULT_EXPORT_FILTERS),
    apply_filter: (input.applyFilter ?? true) ? 1 : 0,
    export: JSON.stringify(input.export),
    export_count: input.export.length,
    selected: JSON.stringify(input.selected ?? input.export),
    hidden: JSON.stringify(input.hidden ?? []),
  };
}

function notFound(): AppError {
  return AppError.notFound('This collection does not exist, or it is not yours.');
}

/** For "download my data": the user's collections as the API answers them (deleting the user deletes them: a foreign key). */
export async function exportTopics(database: Database, ownerId: string): Promise<Topic[]> {
  return (await findTopicsOfOwner(database, ownerId)).map(presentTopic);
}

/** For accounts: an anonymous trial's collections move to the account it registered as. */
export async function adoptTopics(database: Database, fromUserId: string, toUserId: string): Promise<void> {
  await moveTopicsToOwner(database, fromUserId, toUserId);
}
