import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { totalmem } from 'node:os';

export interface Prewarmed {
  /** Bytes read: the whole file, or 0 when it was skipped. */
  bytes: number;
  /** Why nothing was read: the file is too large, or not there yet (a new store, created by the workers). */
  skipped?: 'too large' | 'missing';
}

/**
 * Reads a SQLite store's file once, start to end, in the background (the reads run on libuv's
 * threads), so its pages sit in the operating system's page cache before requests need them. On a
 * cold cache each page a request touches is a disk read, and SQLite's reads hold the event loop:
 * at 200 connections on related tags waits reached 7 s, where reading the whole 1.2 GB full-size
 * store in order takes about 2.5 s (bench/README.md, "Overload on a cold page cache"). A file larger
 * than `maxBytes` (a quarter of the machine's memory) is left alone: it would push out other caches.
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
