// Run by prewarmInChildProcess (prewarm.ts) as a process of its own: reads the file named by its
// argument into the page cache and sends what it read to its parent.
import { prewarmFile } from './prewarm.js';

const path = process.argv[2];
if (!path) throw new Error('prewarm-child: the store file to read is missing');
const read = await prewarmFile(path);
// A server stopped while this read (soon after its start) has closed the channel: nobody to tell.
// With a callback, a send that fails as the channel closes is reported to it instead of thrown.
process.send?.(read, undefined, undefined, (error: (Error & { code?: string }) | null) => {
  if (error && error.code !== 'ERR_IPC_CHANNEL_CLOSED') {
    console.error(error);
    process.exitCode = 1;
  }
  if (process.connected) process.disconnect();
});
