// @tagscout/server/seed: the seed step that imports the sample corpus into an empty store (scripts/seed-sample.mjs).
export { seedSampleStore } from '../cli/seed-sample.js';
export type { GenerateCorpus, SeedReport } from '../features/store/seed-corpus.js';
