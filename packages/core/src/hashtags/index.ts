export * from './extract-hashtags.js';
export * from './has-emoji.js';
export * from './hashtags-of-post.js';
export * from './normalize-hashtag.js';
export * from './normalize-query.js';
export * from './normalize-tag-query.js';
export * from './remove-emoji.js';
