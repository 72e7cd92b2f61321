export * from './trends.js';
