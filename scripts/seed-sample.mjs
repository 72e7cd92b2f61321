// `npm run seed`, and the step `npm start` and `npm run dev` run before the server: the links of posts
// an interrupted import left unlinked, and the sample corpus into an empty store (SEED_CORPUS,
// DATABASE_URL). The generator is its own package (@tagscout/corpus),
// so the server's runtime never loads it. Needs `npm run build`, or `--conditions=source --import tsx`.
import { generateCorpus } from '@tagscout/corpus';
import { seedSampleStore } from '@tagscout/server/seed';

process.exitCode = await seedSampleStore(generateCorpus);
