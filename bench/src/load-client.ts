// One autocannon round in its own process (pinned to its own core by the parent): GETs of the paths
// in a file, each request a random one of them. Prints autocannon's result as one JSON line.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, pathsFile, connections, seconds] = process.argv.slice(2);
if (!url || !pathsFile) throw new Error('Usage: load-client.ts <url> <paths.json> <connections> <seconds>');
const paths = JSON.parse(readFileSync(pathsFile, 'utf8')) as string[];
let state = 12_345;
const nextPath = () => {
  state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
  return paths[state % paths.length]!;
};
const result = await autocannon({
  url,
  connections: Number(connections ?? 50),
  duration: Number(seconds ?? 10),
  timeout: 10,
  requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
});
console.log(JSON.stringify(result));
