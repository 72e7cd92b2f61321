export * from './mastodon.source.js';
export * from './parse-mastodon.js';
