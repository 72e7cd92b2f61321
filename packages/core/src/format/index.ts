export * from './format-badge.js';
export * from './format-count.js';
export * from './format-wait.js';
export * from './number-format.js';
