import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** What the signed-in (or signed-out) visitor behind these headers is, per GET /api/account/me. */
export async function readMe(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/account/me', headers });
  return response.json() as {
    account: {
      group: string;
      trialStatus: string;
      inTrial: boolean;
      expireSeconds: number;
      billingId: string | null;
      subscriptions: { status: string }[];
      hasValidStoreSubscription: boolean;
    };
    capabilities: {
      group: string;
      canUseCollections: boolean;
      canRemoveBranding: boolean;
      canCopyUnlimited: boolean;
      canManageAccount: boolean;
      canLogin: boolean;
      canLogout: boolean;
      canUpgrade: boolean;
      isPaying: boolean;
    };
  };
}

/** The path and query of a redirect answer. */
export function locationOf(response: LightMyRequestResponse): string {
  const location = response.headers.location;
  if (typeof location !== 'string') throw new Error(`no redirect: ${response.statusCode} ${response.body}`);
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/** Submits one of the local provider's hosted forms, as the browser would. */
export async function submitForm(
  app: FastifyInstance,
  path: string,
  fields: Record<string, string> = {},
  origin = 'http://localhost:80',
) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    payload: new URLSearchParams(fields).toString(),
  });
}

export async function countRows(app: FastifyInstance, table: 'processed_events' | 'local_billing_events') {
  const row = await app.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
