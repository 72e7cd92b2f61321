import type { IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:net';
import { isBehindProxy } from '../../client-address.js';
import type { Config } from '../../config.js';

export type BillingProviderChoice = 'local' | 'stripe' | 'none';

type PlaceConfig = Pick<Config, 'BILLING_PROVIDER' | 'PUBLIC_URL' | 'HOST' | 'TRUST_PROXY'>;

/**
 * The provider in use. Unset, the local provider (which grants Pro to anyone who presses "Pay")
 * is chosen only for a server that browsers reach at a loopback address (a developer's machine,
 * the tests): PUBLIC_URL when set, else the address it listens on, and never behind a proxy;
 * anywhere else payments stay off until BILLING_PROVIDER says otherwise.
 */
export function chooseBillingProvider(config: PlaceConfig): BillingProviderChoice {
  if (config.BILLING_PROVIDER) return config.BILLING_PROVIDER;
  return isReachedOnlyFromThisMachine(config) ? 'local' : 'none';
}

/** The warning a server with payments off by default logs once at start. */
export function paymentsOffWarning(config: PlaceConfig): string {
  const where = config.PUBLIC_URL
    ? `this server is reached at PUBLIC_URL=${config.PUBLIC_URL}`
    : isBehindProxy(config.TRUST_PROXY)
      ? `this server is behind a proxy (TRUST_PROXY=${String(config.TRUST_PROXY)}) and PUBLIC_URL is unset`
      : `this server listens on HOST=${config.HOST} and PUBLIC_URL is unset, so other machines may reach it`;
  return (
    `Payments are off: ${where}, where the local provider would give Pro away. ` +
    'Set BILLING_PROVIDER=stripe to sell plans (or BILLING_PROVIDER=local for a demo that takes no money); ' +
    'on a developer machine, HOST=127.0.0.1 or a loopback PUBLIC_URL keeps the local provider.'
  );
}

function isReachedOnlyFromThisMachine(config: PlaceConfig): boolean {
  if (config.PUBLIC_URL) return isLoopbackUrl(config.PUBLIC_URL);
  return !isBehindProxy(config.TRUST_PROXY) && isLoopbackHost(config.HOST);
}

/** The answer to a request the local provider does not serve (its isLoopbackOnly option). */
export const LOCAL_ONLY_MESSAGE =
  'Payments on this server use its built-in test provider, which works only on this machine: open the app at a localhost address, not through a proxy or another name.';

/** Headers a proxy adds to say whom it forwards for; a browser on this machine sends none of them. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether a request came straight from this machine: no proxy says whom it forwards for, and the
 * Host is a loopback name. The listening address alone cannot tell: nginx on the same machine
 * connects from 127.0.0.1 too, and it forwards the visitor's Host.
 */
export function isDirectLoopbackRequest(headers: IncomingHttpHeaders): boolean {
  if (PROXY_HEADERS.some((name) => headers[name] !== undefined)) return false;
  const host = headers.host;
  if (!host || !URL.canParse(`http://${host}`)) return false;
  return isLoopbackHost(new URL(`http://${host}`).hostname);
}

export function isLoopbackUrl(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * The address browsers reach this server at, for links we hand to payers (checkout return and
 * cancel, portal return, emailed set-up links): PUBLIC_URL, else the address this server listens
 * on. Never the request's Host header, which the sender chooses.
 */
export function publicAddressOf(app: { server: Pick<Server, 'address'> }, config: Config): () => string {
  if (config.PUBLIC_URL) {
    const configured = config.PUBLIC_URL.replace(/\/+$/, '');
    return () => configured;
  }
  return () => {
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
    return `http://${listeningHost(config.HOST)}:${port}`;
  };
}

/**
 * Where to send back the browser that started a checkout or opened the portal: the origin it came
 * from when that is the public address, or when both are loopback (localhost and 127.0.0.1 are the
 * same server but keep separate cookies, so the other one would find the buyer signed out); else
 * the public address.
 */
export function returnAddressFor(publicAddress: string, origin: string | undefined): string {
  if (!origin || !URL.canParse(origin)) return publicAddress;
  const from = new URL(origin);
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return publicAddress;
  if (from.origin === new URL(publicAddress).origin) return from.origin;
  return isLoopbackUrl(publicAddress) && isLoopbackHost(from.hostname) ? from.origin : publicAddress;
}

function listeningHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
