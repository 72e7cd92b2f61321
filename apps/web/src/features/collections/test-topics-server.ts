import {
  type CreateTopicBody,
  DEFAULT_EXPORT_FILTERS,
  type Topic,
  topicTitle,
  type UpdateTopicBody,
} from '@tagscout/core/api';
import type { FakeAnswer, ServedCall } from '../../api/contract-test-helpers';

const CONFLICT_MESSAGE =
  'This collection was saved somewhere else since you opened it. Reload it, or save yours over it.';
const NOT_FOUND_MESSAGE = 'This collection does not exist, or it is not yours.';

/** What another tab changes before it saves: any fields, and any of the filters. */
export type OtherSave = Partial<Omit<Topic, 'exportFilters'>> & {
  exportFilters?: Partial<Topic['exportFilters']>;
};

export interface TestTopicsServer {
  /** The collections as stored now, by id. */
  stored: Map<string, Topic>;
  /** The topics routes, for renderApp's `routes` (their answers are checked against the contract). */
  routes: Record<string, (call: ServedCall) => FakeAnswer>;
  /** Another tab or device saves `changes` over the stored version, as its PUT would. */
  saveElsewhere: (topicId: string, changes: OtherSave) => Topic;
}

/**
 * The server's topics routes for one owner, for web tests: a PUT naming the stored version in
 * `base_modified` replaces it with a later stamp; a PUT from any other version is refused with 409
 * 'conflict' and the stored version (as topics.service's updateTopic does; the server test is
 * topics.test.ts's 'answers 409 with the stored version to a save from a stale version, then lets it
 * overwrite').
 */
export function serveTestTopics(topics: Topic[], now: () => number = Date.now): TestTopicsServer {
  const stored = new Map(topics.map((topic) => [topic.topic_id, topic]));

  // A PUT carries the whole topic: what it leaves out takes the server's defaults (storedFields).
  const replace = (current: Topic, body: CreateTopicBody): Topic => {
    const filters = body.exportFilters ?? DEFAULT_EXPORT_FILTERS;
    const next: Topic = {
      ...current,
      title: topicTitle(body.title),
      modified: Math.max(now(), current.modified + 1),
      exportFilters: { ...filters, postCount: [...filters.postCount] } as Topic['exportFilters'],
      applyFilter: body.applyFilter ?? true,
      export: body.export,
      export_count: body.export.length,
      selected: body.selected ?? body.export,
      hidden: body.hidden ?? [],
    };
    stored.set(current.topic_id, next);
    return next;
  };

  const notFound = { status: 404, body: { error: { code: 'not_found', message: NOT_FOUND_MESSAGE } } };
  return {
    stored,
    saveElsewhere: (topicId, changes) => {
      const current = stored.get(topicId)!;
      const exportFilters = { ...current.exportFilters, ...changes.exportFilters };
      return replace(current, { ...current, ...changes, exportFilters });
    },
    routes: {
      'GET /api/topics': () => ({
        body: Object.fromEntries(
          [...stored.values()]
            .sort((a, b) => b.modified - a.modified)
            .map((topic) => [topic.topic_id, topic]),
        ),
      }),
      'GET /api/topics/{topicId}': (call) => {
        const topic = stored.get(topicIdOf(call));
        return topic ? { body: { [topic.topic_id]: topic } } : notFound;
      },
      'DELETE /api/topics/{topicId}': (call) => (stored.delete(topicIdOf(call)) ? { status: 204 } : notFound),
      'PUT /api/topics/{topicId}': (call) => {
        const current = stored.get(topicIdOf(call));
        if (!current) return notFound;
        const body = call.body as UpdateTopicBody;
        if (body.base_modified !== current.modified) {
          return { status: 409, body: { error: { code: 'conflict', message: CONFLICT_MESSAGE }, current } };
        }
        const saved = replace(current, body);
        return { body: { [saved.topic_id]: saved } };
      },
    },
  };
}

/** A collection of the email-trial test user (testMe), with these fields. */
export function testTopic(fields: Partial<Topic> & Pick<Topic, 'topic_id' | 'title' | 'export'>): Topic {
  return {
    creator_id: 'user-emailTrial',
    owner_id: 'user-emailTrial',
    created: 1_764_000_000_000,
    modified: 1_764_000_000_000,
    exportFilters: {
      ...DEFAULT_EXPORT_FILTERS,
      postCount: [...DEFAULT_EXPORT_FILTERS.postCount],
    } as Topic['exportFilters'],
    applyFilter: true,
    export_count: fields.export.length,
    selected: fields.export,
    hidden: [],
    ...fields,
  };
}

function topicIdOf(call: ServedCall): string {
  return new URL(call.url, 'http://app.test').pathname.split('/').at(-1) ?? '';
}

/** What the search screen asks beside the topics, answered empty: for tests of a collection open in it. */
export const EMPTY_SEARCH_SCREEN_ROUTES = {
  'GET /api/account/settings': { body: { copyNetwork: 'instagram' } },
  'GET /api/info/hashtag/{names}': { body: { network: 'sample', data: [] } },
  'GET /api/banned-tags': { body: { bannedTags: [] } },
  'GET /api/suggest/hashtags': { body: { network: 'sample', suggestions: [] } },
  'GET /api/trends/hashtags': {
    body: { network: 'sample', first_day: '2026-10-29', last_day: '2026-11-27', trends: [] },
  },
};
