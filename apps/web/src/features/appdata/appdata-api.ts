import type {
  AdminAppDataResponse,
  AnalyticsSummaryResponse,
  AppDataResponse,
  FeedbackBody,
  FeedbackListResponse,
  RegisterEventBody,
  RegisterEventResponse,
  UpdateAppDataBody,
  UpdateBannedTagsResponse,
} from '@tagscout/core/api';
import { apiGet, apiSend } from '../../api/client';

export function fetchAppData(signal?: AbortSignal): Promise<AppDataResponse> {
  return apiGet<AppDataResponse>('/appdata', signal ? { signal } : {});
}

export function sendFeedback(body: FeedbackBody): Promise<{ id: string }> {
  return apiSend('POST', '/feedback', body);
}

export function sendEvents(body: RegisterEventBody): Promise<RegisterEventResponse> {
  return apiSend('POST', '/events', body);
}

// ---- Admin ----

export function fetchAdminAppData(): Promise<AdminAppDataResponse> {
  return apiGet<AdminAppDataResponse>('/admin/appdata');
}

export function updateAppData(change: UpdateAppDataBody): Promise<AdminAppDataResponse> {
  return apiSend('PUT', '/admin/appdata', change);
}

export function updateBannedTags(tags: string[]): Promise<UpdateBannedTagsResponse> {
  return apiSend('PUT', '/admin/banned-tags', { tags });
}

export function fetchBannedTags(): Promise<{ bannedTags: string[] }> {
  return apiGet('/banned-tags');
}

export function fetchFeedback(): Promise<FeedbackListResponse> {
  return apiGet<FeedbackListResponse>('/admin/feedback');
}

export function fetchAnalyticsSummary(days: number): Promise<AnalyticsSummaryResponse> {
  return apiGet<AnalyticsSummaryResponse>(`/admin/analytics?days=${days}`);
}
