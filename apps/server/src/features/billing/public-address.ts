import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

export type BillingProviderChoice = 'local' | 'stripe' | 'none';

/**
 * The provider in use. Unset, the local provider (which grants Pro to anyone who presses "Pay")
 * is chosen only for a server reached at a loopback address (a developer's machine, the tests);
 * anywhere else payments stay off until BILLING_PROVIDER says otherwise.
 */
export function chooseBillingProvider(config: Pick<Config, 'BILLING_PROVIDER' | 'PUBLIC_URL'>) {
  if (config.BILLING_PROVIDER) return config.BILLING_PROVIDER;
  return !config.PUBLIC_URL || isLoopbackUrl(config.PUBLIC_URL) ? 'local' : 'none';
}

export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * The address browsers reach this server at, for links we hand to payers (checkout return and
 * cancel, portal return, emailed set-up links): PUBLIC_URL, else the address this server listens
 * on. Never the request's Host header, which the sender chooses.
 */
export function publicAddressOf(app: Pick<FastifyInstance, 'server'>, config: Config): () => string {
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

function listeningHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}
