export * from './fake-clock.js';
export * from './fake-http.js';
export * from './fake-instagram.js';
export * from './fake-jetstream.js';
export * from './fake-mastodon.js';
export * from './jetstream-events.js';
