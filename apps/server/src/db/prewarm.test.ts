import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prewarmFile, prewarmInChildProcess } from './prewarm.js';

describe('prewarmFile', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tagscout-prewarm-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the whole file, over several reads', async () => {
    const path = join(dir, 'store.db');
    writeFileSync(path, Buffer.alloc(9 * 1024 * 1024 + 7, 1));
    expect(await prewarmFile(path)).toEqual({ bytes: 9 * 1024 * 1024 + 7 });
  });

  it('leaves a file larger than the limit unread', async () => {
    const path = join(dir, 'large.db');
    writeFileSync(path, Buffer.alloc(2048, 1));
    expect(await prewarmFile(path, 2047)).toEqual({ bytes: 0, skipped: 'too large' });
  });

  it('skips a file not created yet, and rejects for other errors', async () => {
    expect(await prewarmFile(join(dir, 'missing.db'))).toEqual({ bytes: 0, skipped: 'missing' });
    await expect(prewarmFile(join(dir, 'missing.db', 'below-a-file'))).resolves.toEqual({
      bytes: 0,
      skipped: 'missing',
    });
    writeFileSync(join(dir, 'plain'), 'x');
    await expect(prewarmFile(join(dir, 'plain', 'store.db'))).rejects.toThrow(/ENOTDIR/);
  });

  it('reads in a process of its own, which reports what it read', async () => {
    const path = join(dir, 'store.db');
    writeFileSync(path, Buffer.alloc(5 * 1024 * 1024 + 3, 1));
    expect(await prewarmInChildProcess(path)).toEqual({ bytes: 5 * 1024 * 1024 + 3 });
    expect(await prewarmInChildProcess(join(dir, 'missing.db'))).toEqual({ bytes: 0, skipped: 'missing' });
    writeFileSync(join(dir, 'plain'), 'x');
    await expect(prewarmInChildProcess(join(dir, 'plain', 'store.db'))).rejects.toThrow(/ended with code 1/);
  });

  it('ends quietly when its server stopped before it reported (a stop soon after the start)', async () => {
    const path = join(dir, 'store.db');
    writeFileSync(path, Buffer.alloc(5 * 1024 * 1024, 1));
    const child = fork(new URL('./prewarm-child.ts', import.meta.url), [path], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    // What the child sees when the server that forked it has exited: its channel closes.
    child.disconnect();
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(errors).toBe('');
    expect(code).toBe(0);
  });
});
