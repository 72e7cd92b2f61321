/** What one request to a network answered: its JSON, its rate-limit state, its next page. */
export interface NetworkPage {
  status: number;
  body: unknown;
  /** Requests left in the network's window, when it says. */
  remaining: number | null;
  /** The Link header's rel="next" URL (Mastodon's paging). */
  next: string | null;
}

/** Requests to a network wait at most this long. */
const TIMEOUT_MS = 10_000;

export async function readPage(url: string): Promise<NetworkPage> {
  const response = await fetch(url, {
    headers: { accept: 'application/json', 'user-agent': 'Tagscout (own posts; https://tagscout.app)' },
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const body = await response.json().catch(() => null);
  const remaining =
    response.headers.get('ratelimit-remaining') ?? response.headers.get('x-ratelimit-remaining');
  return {
    status: response.status,
    body,
    remaining: remaining === null || remaining === '' ? null : Number(remaining),
    next: nextLink(response.headers.get('link')),
  };
}

/** The rel="next" URL of an RFC 8288 Link header, as Mastodon writes it. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = part.match(/<([^>]+)>\s*;\s*rel="?next"?/);
    if (match) return match[1]!;
  }
  return null;
}
