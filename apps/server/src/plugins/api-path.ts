/** Whether a request's URL (path and query) is the API's, under /api, rather than the web app's. */
export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}
