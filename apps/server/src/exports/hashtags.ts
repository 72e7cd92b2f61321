// @tagscout/server/hashtags: the hashtag store's reads and writes that bench/ measures directly.

export { findCaptionWordStats } from '../features/caption/caption.repository.js';
export { suggestForCaption } from '../features/caption/caption.service.js';
export { createHashtagContext } from '../features/related/related.context.js';
export { findRecentPosts } from '../features/related/related.repository.js';
export type { HashtagContext } from '../features/related/related.service.js';
export { countOf } from '../features/search/search.presenter.js';
export { autocompleteHashtags, findHashtagInfo } from '../features/search/search.service.js';
export { importPostsFile } from '../features/store/import-posts.js';
export {
  type IngestBatch,
  linkPendingPosts,
  type StoreOptions,
  storeIngest,
} from '../features/store/store.repository.js';
export { type IncomingPost, preparePosts, toPlace, toProfile } from '../features/store/store.service.js';
export { suggestForList } from '../features/suggest/suggest.service.js';
