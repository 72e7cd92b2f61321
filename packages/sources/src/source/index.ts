export * from './block-flags.js';
export * from './clock.js';
export * from './failure.js';
export * from './ingest-shape.js';
export * from './network-client.js';
export * from './rate-limiter.js';
export * from './retry.js';
export * from './social-source.js';
