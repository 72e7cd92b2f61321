import type { FastifyInstance } from 'fastify';
import { createTestViewer, type TestViewer } from './test-users.js';

/** A registered account sending crowd reports from an address (accounts and addresses make submitters). */
export interface CrowdSubmitter {
  viewer: TestViewer;
  address: string;
}

export type CrowdRoute = '/api/cache/autocomplete' | '/api/cache/recommend';

/** Makes independent submitters (each from an address of its own unless told) and sends their reports. */
export function crowdSubmitters(app: FastifyInstance, addressPrefix = '10.1.0.') {
  let addresses = 0;
  return {
    async create(address = `${addressPrefix}${++addresses}`): Promise<CrowdSubmitter> {
      return { viewer: await createTestViewer(app, 'free'), address };
    },
    send(submitter: CrowdSubmitter, url: CrowdRoute, payload: object) {
      return app.inject({
        method: 'POST',
        url,
        headers: submitter.viewer.headers,
        remoteAddress: submitter.address,
        payload,
      });
    },
  };
}
