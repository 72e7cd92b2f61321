export * from './author-sketch.js';
export * from './rank-caption-tags.js';
export * from './stop-words.js';
export * from './tag-names-in-text.js';
export * from './words-of-caption.js';
