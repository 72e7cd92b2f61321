// The fake Jetstream of `npm run bench:firehose`, in a process of its own as the real service is
// remote: generates the events (firehose-events.ts), publishes them, reports { url, first, last,
// count } over IPC and closes when told.
import { startFakeJetstream } from '@tagscout/sources/testing';
import { firehoseEvents } from './firehose-events.js';

const [count, taggedShare, seed] = process.argv.slice(2).map(Number) as [number, number, number];
const fake = await startFakeJetstream();
const times = fake.publish(firehoseEvents({ count, taggedShare, seed }));
process.send!({ url: fake.url, first: times[0], last: times.at(-1), count: times.length });
process.once('message', async () => {
  await fake.close();
  process.exit(0);
});
