import type { CreateTopicBody, Topic, TopicsById, UpdateTopicBody } from '@tagscout/core/api';
import { apiGet, apiSend } from '../../api/client';

/** The topics API (SPEC section 7): every answer is keyed by topic_id. */

/** The caller's collections, most recently saved first. */
export async function fetchTopics(signal?: AbortSignal): Promise<Topic[]> {
  return Object.values(await apiGet<TopicsById>('/topics', { signal }));
}

export async function fetchTopic(topicId: string, signal?: AbortSignal): Promise<Topic> {
  return onlyTopic(await apiGet<TopicsById>(`/topics/${encodeURIComponent(topicId)}`, { signal }));
}

export async function createTopic(body: CreateTopicBody): Promise<Topic> {
  return onlyTopic(await apiSend<TopicsById>('POST', '/topics', body));
}

/** Fails with ApiError 409 (code 'conflict') when the topic was saved since `base_modified`. */
export async function updateTopic(topicId: string, body: UpdateTopicBody): Promise<Topic> {
  return onlyTopic(await apiSend<TopicsById>('PUT', `/topics/${encodeURIComponent(topicId)}`, body));
}

export async function deleteTopic(topicId: string): Promise<void> {
  await apiSend<null>('DELETE', `/topics/${encodeURIComponent(topicId)}`);
}

function onlyTopic(body: TopicsById): Topic {
  const topic = Object.values(body)[0];
  if (!topic) throw new Error('The server answered without the collection.');
  return topic;
}
