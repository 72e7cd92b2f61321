// The thread import-posts.ts starts to read an import file: it reads, checks and prepares the next
// batch while the main thread stores the one before. It sends one batch for each request, then null.
import { on } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { readPostBatches } from './import-posts-reader.js';

export interface ReaderData {
  file: string;
  importedAt: number;
  batchSize: number;
}

const port = parentPort!;
const requests = on(port, 'message');
for await (const batch of readPostBatches(workerData as ReaderData)) {
  await requests.next();
  port.postMessage(batch);
}
await requests.next();
port.postMessage(null);
await requests.return?.();
