export * from './build-copy-text.js';
export * from './copy-networks.js';
export * from './export-filters.js';
export * from './filter-by-post-count.js';
export * from './pick-ladder.js';
export * from './reselect-tags.js';
export * from './select-tags.js';
