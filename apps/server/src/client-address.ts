import { BlockList, isIP } from 'node:net';

/**
 * Whose request it is, by address: the client's address (behind a proxy, the one TRUST_PROXY lets
 * request.ip read from X-Forwarded-For); for IPv6 its /64, which one subscriber holds whole (so fresh
 * addresses from one subscriber are one client); an IPv4-mapped IPv6 address is its IPv4 address.
 * Used wherever requests are counted or take turns per client (plugins/load-shedding.ts, the guess
 * and request limits of features/guess-limits/throttle.ts).
 */
export function clientOf(ip: string | undefined): string {
  if (!ip) return '';
  if (!ip.includes(':')) return ip;
  const mapped = mappedIpv4Of(ip);
  if (mapped) return mapped;
  return expandIpv6(ip).slice(0, 4).join(':');
}

/**
 * The network a client is in: its /24 for IPv4, its /48 for IPv6, the blocks one office, host or
 * subscriber may hold whole (decision 025). Crowd reporters and sign-ups are counted per network.
 */
export function networkOf(ip: string | undefined): string {
  if (!ip) return '';
  const ipv4 = ip.includes(':') ? mappedIpv4Of(ip) : ip;
  if (ipv4 !== undefined) {
    const octets = ipv4.split('.');
    return octets.length === 4 ? `${octets.slice(0, 3).join('.')}.0/24` : ipv4;
  }
  return `${expandIpv6(ip).slice(0, 3).join(':')}::/48`;
}

/** What TRUST_PROXY holds: a number of proxy hops, or the proxies' addresses and ranges (config.ts). */
export type TrustProxySetting = number | readonly string[];

/**
 * Fastify's trustProxy for a TRUST_PROXY setting: the listed proxies (and ranges) only; or, for a
 * number of hops, that many hops but only of a request that reached this server from a loopback or
 * private address (a proxy on this machine or its network): a client on the internet that reaches
 * the server directly is its own address, whatever X-Forwarded-For it sends.
 */
export function trustProxyOf(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting.length > 0 ? [...setting] : false;
  if (setting <= 0) return false;
  return (address, hop) => hop < setting && (hop > 0 || isPrivateAddress(address));
}

/** Whether the server is configured to sit behind a proxy. */
export function isBehindProxy(setting: TrustProxySetting): boolean {
  return typeof setting === 'number' ? setting > 0 : setting.length > 0;
}

/** Names Fastify's trustProxy (proxy-addr) takes for ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether a TRUST_PROXY entry is an address, a range (CIDR or IPv4/netmask) or a range's name. */
export function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4 && isContiguousMask(range);
}

const PRIVATE_RANGES = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE_RANGES.addSubnet(network, prefix, 'ipv6');

/** Loopback, private (RFC 1918, unique local) or link-local: not reachable from the internet. */
function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && PRIVATE_RANGES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function isContiguousMask(mask: string): boolean {
  const bits = mask.split('.').reduce((value, octet) => value * 256 + Number(octet), 0);
  const hostBits = 2 ** 32 - 1 - bits;
  return (hostBits & (hostBits + 1)) === 0;
}

function mappedIpv4Of(ip: string): string | undefined {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
}

/** The eight groups of an IPv6 address, `::` expanded. */
function expandIpv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('%', 1)[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    group.replace(/^0+(?=.)/, ''),
  );
}

/** Whether an address is this machine's (127.0.0.0/8, ::1, or 127.x mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
