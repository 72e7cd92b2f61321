import { z } from 'zod';
import { NETWORKS, type Network } from './networks.js';

/**
 * A network's name in a request. Not in networks.ts: the web app's first screen reads that module, and
 * a schema there would bring zod with it (decision 033).
 */
export const NetworkSchema = z.enum(NETWORKS as [Network, ...Network[]], {
  error: `must be one of ${NETWORKS.join(', ')}`,
});
