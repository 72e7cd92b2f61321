import { fork } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { totalmem } from 'node:os';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Prewarmed {
  /** Bytes read: the whole file, or 0 when it was skipped. */
  bytes: number;
  /** Why nothing was read: the file is too large, or not there yet (a new store, created by the workers). */
  skipped?: 'too large' | 'missing';
}

/**
 * `prewarmFile` in a child process. A process that holds SQLite connections must never open and
 * close the store's file itself: closing any descriptor of a file drops every POSIX lock the process
 * holds on it, and another program that then opens the store (`sqlite3`, a backup) believes it is
 * the last user and deletes the WAL the server still writes into (SQLite's "How To Corrupt Your
 * Database Files", 2.2). The page cache is the machine's, so a child's reads warm it all the same.
 */
export function prewarmInChildProcess(path: string): Promise<Prewarmed> {
  const extension = extname(fileURLToPath(import.meta.url));
  const child = fork(new URL(`./prewarm-child${extension}`, import.meta.url), [path], {
    // Run from source (tests, development), the child needs tsx to load TypeScript.
    execArgv: extension === '.ts' ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: Prewarmed | undefined;
    child.once('message', (message) => {
      result = message as Prewarmed;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`the read-ahead process ended with code ${code}`)),
    );
  });
}

/**
 * Reads a SQLite store's file once, start to end, in the background (the reads run on libuv's
 * threads), so its pages sit in the operating system's page cache before requests need them. On a
 * cold cache each page a request touches is a disk read, and SQLite's reads hold the event loop:
 * at 200 connections on related tags waits reached 7 s, where reading the whole 1.2 GB full-size
 * store in order takes about 2.5 s (bench/HISTORY.md, "Overload on a cold page cache"). A file larger
 * than `maxBytes` (a quarter of the machine's memory) is left alone: it would push out other caches.
 * Never call it in a process with SQLite connections open (see prewarmInChildProcess).
 */
export async function prewarmFile(path: string, maxBytes = totalmem() / 4): Promise<Prewarmed> {
  const size = await stat(path).then(
    (stats) => stats.size,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    },
  );
  if (size === undefined) return { bytes: 0, skipped: 'missing' };
  if (size > maxBytes) return { bytes: 0, skipped: 'too large' };
  let bytes = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 4 * 1024 * 1024 })) {
    bytes += (chunk as Buffer).length;
  }
  return { bytes };
}
