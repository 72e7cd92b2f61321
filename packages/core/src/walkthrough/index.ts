export * from './reducer.js';
export * from './steps.js';
