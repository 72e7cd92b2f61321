import type { Config } from '../../config.js';

/** Epoch milliseconds. The server decides every expiry with this clock; tests move it. */
export type Clock = () => number;

export function clockOf(config: Config): Clock {
  return config.now ?? Date.now;
}
