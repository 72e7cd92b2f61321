import pretty from 'pino-pretty';

type Destination = NodeJS.WritableStream | number;

/**
 * Where the server's log lines go: readable, coloured lines when a person watches a terminal, and
 * undefined (pino's own JSON lines on stdout) when a log collector or a file reads them.
 */
export function logStreamFor(
  stdout: { isTTY?: boolean },
  destination: Destination = 1,
): { write(line: string): void } | undefined {
  if (!stdout.isTTY) return undefined;
  // Synchronous writes to the terminal, so the last lines before process.exit() are not lost.
  return pretty({ destination, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
