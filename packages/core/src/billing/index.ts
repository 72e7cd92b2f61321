export * from './app-version.js';
export * from './plans.js';
export * from './products.js';
