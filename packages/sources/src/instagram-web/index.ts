export * from './device-sync.js';
export * from './instagram-web.source.js';
export * from './page-data.js';
