export * from './format-badge.js';
export * from './format-count.js';
