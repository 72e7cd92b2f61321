// autocannon as load-client.ts runs it, with every request stamped `x-trace: <prefix>-<n>` and its
// send and answer times (process.hrtime) kept: `trace-client.ts <url> <paths.json> <connections>
// <seconds> <prefix> <out file>`. Prints autocannon's result as one JSON line. For overload-trace.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, pathsFile, connections, seconds, prefix, outFile] = process.argv.slice(2);
if (!url || !pathsFile || !prefix || !outFile)
  throw new Error('Usage: trace-client.ts <url> <paths.json> <connections> <seconds> <prefix> <out>');
const paths = JSON.parse(readFileSync(pathsFile, 'utf8')) as string[];
let state = 12_345 + prefix.length * 7919;
const nextPath = () => {
  state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
  return paths[state % paths.length]!;
};
const sent: bigint[] = [];
const answered: bigint[] = [];
const statuses: number[] = [];
const result = await autocannon({
  url,
  connections: Number(connections ?? 50),
  duration: Number(seconds ?? 10),
  timeout: 10,
  requests: [
    {
      method: 'GET',
      setupRequest: (request, context) => {
        const id = sent.length;
        sent.push(process.hrtime.bigint());
        context.id = id;
        return {
          ...request,
          path: nextPath(),
          headers: { ...request.headers, 'x-trace': `${prefix}-${id}` },
        };
      },
      onResponse: (status, _body, context) => {
        const id = context.id as number;
        answered[id] = process.hrtime.bigint();
        statuses[id] = status;
      },
    },
  ],
});
writeFileSync(
  outFile,
  sent.map((at, id) => `${prefix}-${id},${at},${answered[id] ?? ''},${statuses[id] ?? ''}`).join('\n'),
);
console.log(JSON.stringify(result));
