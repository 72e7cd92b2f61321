// @tagscout/server/corpus: the sample-corpus generator, for bench/.
export { generateCorpus } from '../features/hashtags/corpus/generate-corpus.js';
