import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prewarmFile } from './prewarm.js';

describe('prewarmFile', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tagscout-prewarm-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the whole file, over several reads', async () => {
    const path = join(dir, 'store.db');
    writeFileSync(path, Buffer.alloc(9 * 1024 * 1024 + 7, 1));
    expect(await prewarmFile(path)).toEqual({ bytes: 9 * 1024 * 1024 + 7, skipped: false });
  });

  it('leaves a file larger than the limit unread', async () => {
    const path = join(dir, 'large.db');
    writeFileSync(path, Buffer.alloc(2048, 1));
    expect(await prewarmFile(path, 2047)).toEqual({ bytes: 0, skipped: true });
  });

  it('rejects for a missing file', async () => {
    await expect(prewarmFile(join(dir, 'missing.db'))).rejects.toThrow(/ENOENT/);
  });
});
