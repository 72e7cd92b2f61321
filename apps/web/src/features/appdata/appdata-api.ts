import { api, type Body, dataOf } from '../../api/typed-client';

export function fetchAppData(signal?: AbortSignal) {
  return dataOf(api.GET('/api/appdata', { signal }));
}

export function sendFeedback(body: Body<'/api/feedback', 'post'>) {
  return dataOf(api.POST('/api/feedback', { body }));
}

export function sendEvents(body: Body<'/api/events', 'post'>) {
  return dataOf(api.POST('/api/events', { body }));
}

// ---- Admin ----

export function fetchAdminAppData() {
  return dataOf(api.GET('/api/admin/appdata'));
}

export function updateAppData(change: Body<'/api/admin/appdata', 'put'>) {
  return dataOf(api.PUT('/api/admin/appdata', { body: change }));
}

export function updateBannedTags(tags: string[]) {
  return dataOf(api.PUT('/api/admin/banned-tags', { body: { tags } }));
}

export function fetchBannedTags() {
  return dataOf(api.GET('/api/banned-tags'));
}

export function fetchFeedback() {
  return dataOf(api.GET('/api/admin/feedback'));
}

export function fetchAnalyticsSummary(days: number) {
  return dataOf(api.GET('/api/admin/analytics', { params: { query: { days } } }));
}
