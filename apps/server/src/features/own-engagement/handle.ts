import { ErrorCode, type HandleNetwork } from '@tagscout/core/api';
import { AppError } from '../../app-error.js';

/** A handle as the user typed it, made into what the network is asked for. */
export type ParsedHandle =
  | { network: 'bluesky'; handle: string }
  | { network: 'mastodon'; handle: string; user: string; host: string };

// Bluesky handles are domain names (atproto's handle syntax); a DID names the account too.
const BLUESKY_HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const DID = /^did:(plc|web):[a-z0-9._:%-]{1,2000}$/;
// Mastodon usernames are letters, digits and '_' (and '.' or '-' inside, as instances allow).
const MASTODON_USER = /^[a-z0-9_]([a-z0-9_.-]{0,62}[a-z0-9_])?$/i;
const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

export function parseHandle(network: HandleNetwork, typed: string): ParsedHandle {
  const text = typed.trim().replace(/^@/, '');
  if (network === 'bluesky') {
    const handle = text.toLowerCase();
    if (BLUESKY_HANDLE.test(handle) || DID.test(handle)) return { network, handle };
    throw invalid('Enter your Bluesky handle, such as ana.bsky.social.');
  }
  const [user, host, ...rest] = text.split('@');
  if (!user || !host || rest.length > 0 || !MASTODON_USER.test(user) || !HOST.test(host)) {
    throw invalid('Enter your Mastodon address, such as @ana@mastodon.social.');
  }
  const lowerHost = host.toLowerCase();
  return { network, handle: `@${user}@${lowerHost}`, user, host: lowerHost };
}

function invalid(message: string): AppError {
  return new AppError(400, ErrorCode.invalidRequest, message);
}
