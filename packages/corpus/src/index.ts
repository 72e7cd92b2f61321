export { type CorpusOptions, DEFAULT_CORPUS, generateCorpus, type SampleCorpus } from './generate-corpus.js';
