export * from './accounts.js';
export * from './billing.js';
export * from './errors.js';
export * from './hashtags.js';
export * from './health.js';
export * from './quarries.js';
export * from './sources.js';
export * from './topics.js';
