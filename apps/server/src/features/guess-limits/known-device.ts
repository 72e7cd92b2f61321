import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a browser stays known to an account after its last sign-in there. */
export const KNOWN_DEVICE_DAYS = 365;

/**
 * A known device (OWASP's device cookie): a browser that signed in to an account before holds a
 * token naming it, and its password guesses are counted on their own (throttle.ts), so others'
 * guesses never hold the owner up there. The token is `id.signature`, the signature an HMAC with
 * the server secret over the account and the id: it holds no address in clear, cannot be made
 * without the secret, and is worth nothing for another account.
 */
export function issueKnownDevice(account: string, secret: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${sign(account, id, secret)}`;
}

/** The device's id when `token` was issued for `account`; null for no token, a forged one or another account's. */
export function knownDeviceOf(token: string | null, account: string, secret: string): string | null {
  const [id, signature, extra] = token?.split('.') ?? [];
  if (!id || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(account, id, secret));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

function sign(account: string, id: string, secret: string): string {
  return createHmac('sha256', secret).update(`known-device|${account}|${id}`).digest('base64url');
}
