import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './billing-provider.js';

/** The local provider's signature header, shaped like Stripe's: `t=<seconds>,v1=<hex HMAC-SHA256>`. */
export const LOCAL_SIGNATURE_HEADER = 'tagscout-signature';

/** Events older (or further in the future) than this are refused, as Stripe's default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, payload: string, nowMs: number): string {
  const timestamp = Math.floor(nowMs / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, payload)}`;
}

/** Throws WebhookSignatureError unless the header signs this exact body within the tolerance. */
export function verifySignedPayload(
  secret: string,
  payload: Buffer,
  header: string | string[] | undefined,
  nowMs: number,
): void {
  if (typeof header !== 'string') throw new WebhookSignatureError('no signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const timestamp = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(timestamp)) throw new WebhookSignatureError('no timestamp in the signature');
  if (Math.abs(Math.floor(nowMs / 1000) - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, timestamp, payload.toString('utf8')), 'hex');
  const matches = (parts.get('v1') ?? []).some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('signature does not match');
}

function hmac(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}
