// `npm run bench:quality`: how well each related-tag ranking recovers a hidden tag of a real post.
// Reads the evaluation sets from /work/shared/data (QUALITY_DATA_DIR) at run time; never copies them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHashtagContext, findHashtagInfo } from '@tagscout/server/hashtags';
import { readBenchOptions } from './options.js';
import { CAPTION_VARIANTS, captionTable, evaluateCaptions, unprunedSize } from './quality/captions.js';
import { DATASETS, type Dataset, loadDataset } from './quality/datasets.js';
import {
  Combination,
  compareReciprocalRanks,
  type Evaluation,
  evaluateHiddenTag,
} from './quality/evaluate.js';
import { MEASURES } from './quality/measures.js';
import { RelatedLists } from './quality/related-lists.js';
import {
  evaluateSuggestions,
  SUGGESTION_VARIANTS,
  SuggestionWindows,
  suggestionTable,
} from './quality/suggestions.js';
import { buildTrainStore, type TrainStore } from './quality/train-store.js';

const DATA_DIR = process.env.QUALITY_DATA_DIR ?? '/work/shared/data';
const SEED = 20_261_121;
const TEST_SHARE = 0.1;
/** The product's default RELATED_POST_WINDOW. */
const WINDOW = 500;
/** Network-scale counts: the most used tag of a set gets about what the largest tags have (10^9). */
const NETWORK_TOP_COUNT = 1e9;

interface ScenarioResult {
  dataset: string;
  scenario: string;
  counts: string;
  evaluation: Evaluation;
}

async function main(): Promise<void> {
  const results: ScenarioResult[] = [];
  for (const spec of DATASETS) {
    const started = performance.now();
    const dataset = loadDataset({
      dataDir: DATA_DIR,
      name: spec.name,
      hasSeedTags: spec.hasSeedTags,
      testShare: TEST_SHARE,
      seed: SEED,
    });
    if (process.env.QUALITY_ONLY === 'captions' && !dataset.train.some((post) => post.caption)) continue;
    const store = await buildTrainStore({ name: spec.name, train: dataset.train });
    try {
      console.log(
        `\n## ${spec.name}: ${dataset.train.length.toLocaleString('en')} train posts ` +
          `(${store.imported.toLocaleString('en')} imported, ${store.tagCount.toLocaleString('en')} tags, ` +
          `largest in-store count ${store.maxCount.toLocaleString('en')}), ` +
          `${dataset.test.length.toLocaleString('en')} test posts`,
      );
      if (dataset.train.some((post) => post.caption)) await evaluateCaptionSuggestions(store, dataset);
      if (process.env.QUALITY_ONLY === 'captions') continue;
      await checkAgainstProduct(store, dataset);
      await evaluateListSuggestions(store, dataset);
      if (process.env.QUALITY_ONLY === 'suggestions') continue;
      const knownTags = new Set(dataset.train.flatMap((post) => post.tags));
      for (const [counts, countScale] of [
        ['in-store post counts', 1],
        [
          `in-store counts x ${Math.round(NETWORK_TOP_COUNT / store.maxCount).toLocaleString('en')}`,
          NETWORK_TOP_COUNT / store.maxCount,
        ],
      ] as const) {
        const lists = new RelatedLists({
          database: store.database,
          window: WINDOW,
          storePosts: store.imported,
          measures: MEASURES,
          countScale,
        });
        const isNotSeed = (post: Dataset['test'][number], tag: string) => tag !== post.seedTag;
        const scenarios: [string, typeof isNotSeed | undefined, 'all' | 'one'][] = [
          ['any tag hidden', undefined, 'all'],
        ];
        if (spec.hasSeedTags) scenarios.push(['non-seed tag hidden', isNotSeed, 'all']);
        scenarios.push([
          `${spec.hasSeedTags ? 'non-seed' : 'any'} tag hidden, one other tag given (one list alone)`,
          spec.hasSeedTags ? isNotSeed : undefined,
          'one',
        ]);
        for (const [scenario, canHide, query] of scenarios) {
          const evaluation = await evaluateHiddenTag({
            test: dataset.test,
            lists,
            measures: MEASURES,
            knownTags,
            seed: SEED,
            canHide,
            query,
          });
          results.push({ dataset: spec.name, scenario, counts, evaluation });
          printEvaluation({ dataset: spec.name, scenario, counts, evaluation });
        }
      }
    } finally {
      await store.close();
    }
    console.log(`(${spec.name} took ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  saveResults(results);
}

/** Suggestions for a whole list (core's suggestHashtags: what the suggestion endpoint ranks, by names). */
async function evaluateListSuggestions(store: TrainStore, dataset: Dataset): Promise<void> {
  const windows = new SuggestionWindows({ database: store.database, window: WINDOW });
  for (const [counts, countScale] of [
    ['network-scale counts', NETWORK_TOP_COUNT / store.maxCount],
  ] as const) {
    const scores = await evaluateSuggestions({
      test: dataset.test,
      windows,
      variants: SUGGESTION_VARIANTS,
      seed: SEED,
      countScale,
    });
    console.log(
      `\n### ${dataset.name}, list suggestions, any tag hidden, ${counts}: ${scores[0]!.posts.toLocaleString('en')} test posts`,
    );
    console.log(`\n${suggestionTable(scores).join('\n')}`);
  }
}

/**
 * Tags from a tweet's words alone (issue 35, decision 030): the word table was built by the importer
 * from the train tweets' text only, so no evaluated tweet feeds it.
 */
async function evaluateCaptionSuggestions(store: TrainStore, dataset: Dataset): Promise<void> {
  // The train store never changes: tags' windows are cached as the product caches them.
  const context = createHashtagContext(store.database, {
    RELATED_POST_WINDOW: WINDOW,
    RELATED_CACHE_SECONDS: 86_400,
    RELATED_CACHE_ENTRIES: 100_000,
    DEFAULT_NETWORK: ['instagram'],
    now: Date.now,
  });
  const db = store.database.db;
  const rows = async (table: 'caption_words' | 'caption_word_tags') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const kept = { words: await rows('caption_words'), pairs: await rows('caption_word_tags') };
  const unpruned = unprunedSize(dataset.train);
  const per100k = (n: number) => Math.round((n * 100_000) / dataset.train.length).toLocaleString('en');
  console.log(
    `\n### ${dataset.name}, tags from the words of a caption: word table of ${dataset.train.length.toLocaleString('en')} train posts: ` +
      `${kept.words.toLocaleString('en')} words and ${kept.pairs.toLocaleString('en')} word-tag pairs kept ` +
      `(${per100k(kept.words)} and ${per100k(kept.pairs)} per 100k posts) of ${unpruned.words.toLocaleString('en')} and ` +
      `${unpruned.pairs.toLocaleString('en')} before pruning single-person rows (${per100k(unpruned.words)} and ${per100k(unpruned.pairs)} per 100k posts)`,
  );
  const started = performance.now();
  const scores = await evaluateCaptions({
    test: dataset.test,
    train: dataset.train,
    database: store.database,
    context,
    variants: CAPTION_VARIANTS,
  });
  context.postTracker.stop();
  const asked = scores[0]!.posts;
  const withWords = dataset.test.filter((post) => post.caption && post.tags.length > 0).length;
  console.log(
    `\n${asked.toLocaleString('en')} test tweets with tags (${withWords.toLocaleString('en')} with text), asked with their words alone ` +
      `(${((performance.now() - started) / asked).toFixed(2)} ms a tweet for all rankings):\n\n${captionTable(scores).join('\n')}`,
  );
}

/** The lists measured must be the product's: compare the spec list with the service's answer. */
async function checkAgainstProduct(store: TrainStore, dataset: Dataset): Promise<void> {
  const lists = new RelatedLists({
    database: store.database,
    window: WINDOW,
    storePosts: store.imported,
    measures: MEASURES.filter((measure) => measure.name === 'spec'),
    countScale: 1,
  });
  const context = createHashtagContext(store.database, {
    RELATED_POST_WINDOW: WINDOW,
    RELATED_CACHE_SECONDS: 0,
    RELATED_CACHE_ENTRIES: 0,
    // The quality store is imported as Instagram posts (train-store.ts).
    DEFAULT_NETWORK: ['instagram'],
    now: Date.now,
  });
  const tags = [...new Set(dataset.test.flatMap((post) => post.tags))].slice(0, 200);
  let compared = 0;
  for (const tag of tags) {
    const ours = (await lists.of(tag)).get('spec') ?? [];
    const answer = await findHashtagInfo(context, { names: tag, recommended: true, ranking: 'spec' }).catch(
      () => undefined,
    );
    if (!answer) continue;
    const theirs = answer.data[0]?.related_tags ?? [];
    const same =
      theirs.length === ours.length &&
      theirs.every((tag, i) => tag.hashtag === ours[i]?.hashtag && tag.relevance === ours[i]?.score);
    if (!same) throw new Error(`The spec list of "${tag}" differs from the product's related tags`);
    compared++;
  }
  console.log(
    `Spec lists equal the service's related tags (findHashtagInfo) for all ${compared} tags checked.`,
  );
}

function printEvaluation(result: ScenarioResult): void {
  const { evaluation } = result;
  console.log(
    `\n### ${result.dataset}, ${result.scenario}, ${result.counts}: ${evaluation.posts.toLocaleString('en')} ` +
      `test posts with 3+ tags; hidden tag unseen in train: ${percent(evaluation.unseenHidden, evaluation.posts)}`,
  );
  console.log(
    '\n| measure | hit@5 | hit@10 | MRR | MRR - spec [95% CI] | in candidates | rank fusion: hit@10 | rank fusion: MRR |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  const spec = evaluation.byMeasure.get('spec')!.get(Combination.sum)!;
  for (const measure of MEASURES) {
    const scores = evaluation.byMeasure.get(measure.name)!;
    const sum = scores.get(Combination.sum)!;
    const fusion = scores.get(Combination.rankFusion)!;
    const name = measure.isCore ? measure.name : `${measure.name} (explored)`;
    const vsSpec = compareReciprocalRanks(sum.reciprocalRanks, spec.reciprocalRanks);
    const delta =
      measure.name === 'spec'
        ? '-'
        : `${signed(vsSpec.difference)} [${signed(vsSpec.low)}, ${signed(vsSpec.high)}]`;
    console.log(
      `| ${name} | ${percent(sum.hitsAt5, sum.posts)} | ${percent(sum.hitsAt10, sum.posts)} | ` +
        `${(sum.reciprocalRankSum / sum.posts).toFixed(3)} | ${delta} | ${percent(sum.found, sum.posts)} | ` +
        `${percent(fusion.hitsAt10, fusion.posts)} | ${(fusion.reciprocalRankSum / fusion.posts).toFixed(3)} |`,
    );
  }
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
}

function saveResults(results: ScenarioResult[]): void {
  const { cacheDir } = readBenchOptions();
  mkdirSync(cacheDir, { recursive: true });
  const file = join(cacheDir, `quality-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const plain = results.map((result) => ({
    ...result,
    evaluation: {
      ...result.evaluation,
      byMeasure: Object.fromEntries(
        [...result.evaluation.byMeasure].map(([name, scores]) => [
          name,
          Object.fromEntries(
            [...scores].map(([combination, { reciprocalRanks: _, ...figures }]) => [combination, figures]),
          ),
        ]),
      ),
    },
  }));
  writeFileSync(file, `${JSON.stringify(plain, null, 2)}\n`);
  console.log(`\nResults saved to ${file}`);
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

await main();
