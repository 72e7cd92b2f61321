import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashtagsOfPost } from '@tagscout/core/hashtags';
import { createRandom } from '../stats.js';

/** A post of an evaluation set: its id and its tags in the store's canonical form. */
export interface LabelledPost {
  postId: string;
  tags: string[];
  /** HARRISON only: the tag its authors searched to collect the post (the first part of post_id). */
  seedTag?: string;
  /** The tweet's text, tags and mentions inline (av-twitter only): tags from its words (captions.ts). */
  caption?: string;
}

export interface Dataset {
  name: string;
  train: LabelledPost[];
  test: LabelledPost[];
}

export const DATASETS = [
  { name: 'harrison-instagram', hasSeedTags: true },
  { name: 'av-twitter-hashtags', hasSeedTags: false },
] as const;

/**
 * Reads a set from the shared data folder (never copied into the repository) and splits it into
 * train and test by a seeded shuffle. Only the `hashtags` field is used: the Twitter captions still
 * hold the tags inline, and a caption is no input to related tags anyway. Tags are normalised by the
 * same core rule the importer applies, so test tags and stored tags compare equal.
 */
export function loadDataset(options: {
  dataDir: string;
  name: string;
  hasSeedTags: boolean;
  testShare: number;
  seed: number;
}): Dataset {
  const text = readFileSync(join(options.dataDir, options.name, 'posts.jsonl'), 'utf8');
  const posts: LabelledPost[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const raw = JSON.parse(line) as { post_id: string; hashtags: string[]; caption?: string };
    const tags = hashtagsOfPost({ hashtags: raw.hashtags });
    if (tags === null) continue;
    const post: LabelledPost = { postId: raw.post_id, tags };
    if (options.hasSeedTags) post.seedTag = raw.post_id.split('/')[0];
    if (typeof raw.caption === 'string') post.caption = raw.caption;
    posts.push(post);
  }
  const random = createRandom(options.seed);
  for (let i = posts.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [posts[i], posts[j]] = [posts[j]!, posts[i]!];
  }
  const testSize = Math.round(posts.length * options.testShare);
  return { name: options.name, test: posts.slice(0, testSize), train: posts.slice(testSize) };
}
