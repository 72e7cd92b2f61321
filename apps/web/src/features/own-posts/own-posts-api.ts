import {
  ArchiveContentType,
  type ArchiveImport,
  type HandleNetwork,
  type OwnNetwork,
} from '@tagscout/core/api';
import { API_BASE, readAnswer, send } from '../../api/client';
import { api, dataOf } from '../../api/typed-client';

/** Your own posts (issue 34): the archive you upload, your tags, deleting them. */

export function fetchOwnHashtags(network: OwnNetwork | null, signal?: AbortSignal) {
  return dataOf(api.GET('/api/me/hashtags', { params: { query: network ? { network } : {} }, signal }));
}

export function deleteOwnPosts(network: OwnNetwork | null) {
  return dataOf(api.DELETE('/api/me/posts', { params: { query: network ? { network } : {} } }));
}

/** The file as the network exported it: its bytes, with the type its name says. */
export async function uploadArchive(file: File): Promise<ArchiveImport> {
  const response = await send(`${API_BASE}/me/archive`, {
    method: 'POST',
    headers: { 'content-type': archiveTypeOf(file) },
    body: file,
  });
  return (await readAnswer(response)) as ArchiveImport;
}

export function archiveTypeOf(file: { name: string; type: string }): string {
  const name = file.name.toLowerCase();
  if (name.endsWith('.car')) return ArchiveContentType.car;
  if (name.endsWith('.zip') || file.type.includes('zip')) return ArchiveContentType.zip;
  return ArchiveContentType.json;
}

export function fetchHandles(signal?: AbortSignal) {
  return dataOf(api.GET('/api/me/handles', { signal }));
}

export function connectHandle(body: { network: HandleNetwork; handle: string }) {
  return dataOf(api.POST('/api/me/handles', { body }));
}

export function refreshHandle(network: HandleNetwork) {
  return dataOf(api.POST('/api/me/handles/{network}/refresh', { params: { path: { network } } }));
}

export function disconnectHandle(network: HandleNetwork) {
  return dataOf(api.DELETE('/api/me/handles/{network}', { params: { path: { network } } }));
}

export function saveSuggestFromOwnTags(isOn: boolean) {
  return dataOf(api.PUT('/api/me/settings', { body: { suggest_from_own_tags: isOn } }));
}

export function fetchEngagement(hashtag: string | null, signal?: AbortSignal) {
  return dataOf(api.GET('/api/me/engagement', { params: { query: hashtag ? { hashtag } : {} }, signal }));
}
