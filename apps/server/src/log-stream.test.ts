import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { logStreamFor } from './log-stream.js';

describe('logStreamFor', () => {
  it('leaves JSON lines on stdout when it is not a terminal', () => {
    expect(logStreamFor({ isTTY: false })).toBeUndefined();
    expect(logStreamFor({})).toBeUndefined();
  });

  it('turns JSON lines into readable ones for a terminal', async () => {
    const terminal = new PassThrough();
    const chunks: string[] = [];
    terminal.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
    const stream = logStreamFor({ isTTY: true }, terminal);
    stream?.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: 1, hostname: 'h', msg: 'server listening' })}\n`,
    );
    await expect.poll(() => chunks.join('')).toContain('server listening');
    const printed = chunks.join('');
    expect(printed).toMatch(/INFO/);
    expect(printed).not.toContain('{');
    expect(printed).not.toContain('hostname');
  });
});
