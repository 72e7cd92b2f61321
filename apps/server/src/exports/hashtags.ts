// @tagscout/server/hashtags: the hashtag store's reads and writes that bench/ measures directly.
export { createHashtagContext } from '../features/hashtags/hashtags.context.js';
export { countOf } from '../features/hashtags/hashtags.presenter.js';
export { findRecentPosts } from '../features/hashtags/hashtags.repository.js';
export {
  autocompleteHashtags,
  findHashtagInfo,
  type HashtagContext,
} from '../features/hashtags/hashtags.service.js';
export { importPostsFile } from '../features/hashtags/import-posts.js';
export {
  type IngestBatch,
  linkPendingPosts,
  type StoreOptions,
  storeIngest,
} from '../features/hashtags/ingest.repository.js';
export { type IncomingPost, preparePosts, toPlace, toProfile } from '../features/hashtags/ingest.service.js';
