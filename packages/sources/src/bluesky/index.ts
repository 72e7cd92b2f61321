export * from './bluesky-post.js';
export * from './jetstream-client.js';
export * from './jetstream-frame.js';
