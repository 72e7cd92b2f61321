export * from './build-copy-text.js';
export * from './export-filters.js';
export * from './filter-by-post-count.js';
export * from './select-tags.js';
