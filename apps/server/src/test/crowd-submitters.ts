import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createTestViewer, type TestViewer } from './test-users.js';

/** A registered account sending crowd reports from an address. */
export interface CrowdSubmitter {
  viewer: TestViewer;
  address: string;
}

export type CrowdRoute = '/api/cache/autocomplete' | '/api/cache/recommend';

/** Where a submitter reports from and who it is; each part defaults to one no other submitter shares. */
export interface CrowdSubmitterOrigin {
  /** Its address; else one in a /24 of its own (`<first octets>.<n>.1`). */
  address?: string;
  /** Its email's domain; else a registrable domain of its own. */
  mailDomain?: string;
  /** Its whole email address as typed (mailDomain is then unused). */
  email?: string;
  /** How old its account is (ms); else 30 days, past any account age the crowd asks for. */
  ageMs?: number;
}

const DAY_MS = 86_400_000;

/**
 * Makes independent submitters (decision 025: each from a network, a mail domain and an old enough
 * account of its own unless told otherwise) and sends their reports.
 */
export function crowdSubmitters(app: FastifyInstance, firstOctets = '10.1') {
  let made = 0;
  const run = randomUUID().slice(0, 8);
  return {
    async create(origin: CrowdSubmitterOrigin = {}): Promise<CrowdSubmitter> {
      const n = ++made;
      const domain = origin.mailDomain ?? `reporter${n}-${run}.example`;
      const viewer = await createTestViewer(app, 'free', {
        email: origin.email ?? `crowd${n}-${randomUUID().slice(0, 8)}@${domain}`,
        createdAt: app.config.now() - (origin.ageMs ?? 30 * DAY_MS),
      });
      return { viewer, address: origin.address ?? `${firstOctets}.${n}.1` };
    },
    send(submitter: CrowdSubmitter, url: CrowdRoute, payload: object, headers: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url,
        headers: { ...submitter.viewer.headers, ...headers },
        remoteAddress: submitter.address,
        payload,
      });
    },
  };
}
