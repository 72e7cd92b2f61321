export * from './author-cap.js';
export * from './compute-related-tags.js';
export * from './count-tag-posts.js';
export * from './rank-related-tags.js';
export * from './related-ranking.js';
export * from './related-tag.js';
export * from './relevance.js';
export * from './suggest-hashtags.js';
