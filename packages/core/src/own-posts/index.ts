export * from './compare-tag-engagement.js';
