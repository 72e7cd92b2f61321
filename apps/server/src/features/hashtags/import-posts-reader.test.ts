import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type PostBatch, readPostBatches } from './import-posts-reader.js';

const folder = mkdtempSync(join(tmpdir(), 'tagscout-import-reader-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function batchesOf(lines: string[], batchSize: number): Promise<PostBatch[]> {
  const file = join(folder, `file-${Math.random()}.jsonl`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  const batches: PostBatch[] = [];
  for await (const batch of readPostBatches({ file, importedAt: 1_700_000_000, batchSize }))
    batches.push(batch);
  return batches;
}

describe('readPostBatches', () => {
  it('cuts the posts into batches of the size asked, with what was skipped since the batch before', async () => {
    const batches = await batchesOf(
      [
        '{"post_id": "a", "timestamp": 1600000000, "hashtags": ["Sea", "#sand"]}',
        '{"post_id": "b", "hashtags": ["one"]}',
        '{"post_id": "c", "caption": "Hot #sun #sand"}',
        '[]',
        '{"post_id": "d", "hashtags": ["x", "y"], "place_id": "p1"}',
      ],
      2,
    );
    expect(batches).toEqual([
      {
        posts: [
          { postId: 'a', owner: null, takenAt: 1_600_000_000, placeId: null, hashtags: ['sea', 'sand'] },
        ],
        tooFewTags: 1,
        badLines: [],
      },
      {
        posts: [
          { postId: 'c', owner: null, takenAt: 1_700_000_000, placeId: null, hashtags: ['sun', 'sand'] },
          { postId: 'd', owner: null, takenAt: 1_700_000_000, placeId: 'p1', hashtags: ['x', 'y'] },
        ],
        tooFewTags: 0,
        badLines: ['line 4: a line must be one JSON object'],
      },
    ]);
  });

  it('sends bad lines on before a thousand wait, so a file of them is not held in memory', async () => {
    const lines = Array.from({ length: 2500 }, () => 'not json');
    const batches = await batchesOf([...lines, '{"post_id": "z", "hashtags": ["a", "b"]}'], 50_000);
    expect(batches.map((batch) => [batch.posts.length, batch.badLines.length])).toEqual([
      [0, 1000],
      [0, 1000],
      [1, 500],
    ]);
    expect(batches[2]!.badLines.at(-1)).toBe('line 2500: not valid JSON');
  });
});
