// @tagscout/server/firehose: the Bluesky consumer, for bench/.
export { createFirehoseRuntime } from '../features/firehose/firehose.runtime.js';
