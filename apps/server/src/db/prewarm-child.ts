// Run by prewarmInChildProcess (prewarm.ts) as a process of its own: reads the file named by its
// argument into the page cache and sends what it read to its parent.
import { prewarmFile } from './prewarm.js';

const path = process.argv[2];
if (!path) throw new Error('prewarm-child: the store file to read is missing');
process.send?.(await prewarmFile(path));
process.disconnect?.();
