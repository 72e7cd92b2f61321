import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { ErrorCode } from '@tagscout/core/api';
import { AppError } from '../../app-error.js';

/**
 * The base URL of a Mastodon instance a user named. The server fetches it, so it must be a public
 * host: https on a domain name whose addresses are all public (no loopback, private, link-local or
 * unique-local address; no IP literal), or an internal service could be reached through it (SSRF).
 * `allowLocal` (MASTODON_ALLOW_LOCAL_INSTANCES, for development and tests) takes any host over http.
 */
export async function instanceBaseUrl(host: string, allowLocal: boolean): Promise<string> {
  if (allowLocal) return `http://${host}`;
  const [name, port] = host.split(':');
  if (
    !name ||
    (port !== undefined && port !== '443') ||
    isIP(name) ||
    !name.includes('.') ||
    name.endsWith('.local')
  ) {
    throw notPublic(host);
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(name, { all: true });
  } catch {
    throw new AppError(
      400,
      ErrorCode.invalidRequest,
      `No Mastodon instance answers at ${name}. Check the address.`,
    );
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address)))
    throw notPublic(host);
  return `https://${name}`;
}

export function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  const lower = address.toLowerCase();
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

function notPublic(host: string): AppError {
  return new AppError(400, ErrorCode.invalidRequest, `${host} is not a public Mastodon instance.`);
}
