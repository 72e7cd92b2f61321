// A caption's tags by core's rules, in a file of its own so its reader (twitter-text) is a separate
// download, fetched when someone pastes a caption (suggest-api.ts).
export { extractHashtags } from '@tagscout/core/hashtags';
