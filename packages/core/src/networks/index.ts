export * from './days.js';
export * from './networks.js';
