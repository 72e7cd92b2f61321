import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known to an account after its last sign-in there. */
export const KNOWN_DEVICE_DAYS = 365;

/**
 * A known device (OWASP's device cookie): a browser that signed in to an account before holds a
 * token naming it, and its password guesses are counted on their own (throttle.ts), so others'
 * guesses never hold the owner up there. The token is `id.signature`, the signature an HMAC with
 * the server secret over the account, its session epoch and the id: it holds no address in clear,
 * cannot be made without the secret, is worth nothing for another account, and stops being worth
 * anything when the epoch moves (a password reset or a sign-out everywhere bumps it), so those
 * revoke every token the account ever handed out.
 */
export function issueKnownDevice(account: string, sessionEpoch: number, secret: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${sign(account, sessionEpoch, id, secret)}`;
}

/**
 * The device's id when `token` was issued for `account` at its current session epoch; null for no
 * token, a forged one, another account's, or one issued before the epoch last moved.
 */
export function knownDeviceOf(
  token: string | null,
  account: string,
  sessionEpoch: number,
  secret: string,
): string | null {
  const [id, signature, extra] = token?.split('.') ?? [];
  if (!id || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(account, sessionEpoch, id, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function sign(account: string, sessionEpoch: number, id: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`known-device|${account}|${sessionEpoch}|${id}`)
    .digest('base64url');
}
