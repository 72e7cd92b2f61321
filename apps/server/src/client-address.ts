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
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  return expandIpv6(ip).slice(0, 4).join(':');
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
