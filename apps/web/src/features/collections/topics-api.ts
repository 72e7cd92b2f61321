import { api, type Body, dataOf, done } from '../../api/typed-client';

/** The topics API (docs/product-rules.md#api-names): every answer is keyed by topic_id. */

const topic = (topicId: string) => ({ params: { path: { topicId } } });

/** The caller's collections, most recently saved first. */
export async function fetchTopics(signal?: AbortSignal) {
  return Object.values(await dataOf(api.GET('/api/topics', { signal })));
}

export async function fetchTopic(topicId: string, signal?: AbortSignal) {
  return onlyTopic(await dataOf(api.GET('/api/topics/{topicId}', { ...topic(topicId), signal })));
}

export async function createTopic(body: Body<'/api/topics', 'post'>) {
  return onlyTopic(await dataOf(api.POST('/api/topics', { body })));
}

/** Fails with ApiError 409 (code 'conflict') when the topic was saved since `base_modified`. */
export async function updateTopic(topicId: string, body: Body<'/api/topics/{topicId}', 'put'>) {
  return onlyTopic(await dataOf(api.PUT('/api/topics/{topicId}', { ...topic(topicId), body })));
}

export function deleteTopic(topicId: string): Promise<void> {
  return done(api.DELETE('/api/topics/{topicId}', topic(topicId)));
}

function onlyTopic<Topic>(body: Record<string, Topic>): Topic {
  const found = Object.values(body)[0];
  if (!found) throw new Error('The server answered without the collection.');
  return found;
}
