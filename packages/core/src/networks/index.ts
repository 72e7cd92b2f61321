export * from './days.js';
export * from './network-schema.js';
export * from './networks.js';
