import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** A line `check` accepted, or what is wrong with one (with its line number). */
export type JsonLine<T> = { value: T } | { bad: string };

/**
 * Each line of a JSON-lines file, in file order: its value when `check` accepts it, else what is
 * wrong with it (not JSON, or `check`'s sentence) with its line number. Blank lines are ignored.
 */
export async function* readJsonLines<T>(options: {
  file: string;
  check: (value: unknown) => T | string;
}): AsyncGenerator<JsonLine<T>> {
  const lines = createInterface({
    input: createReadStream(options.file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const checked = checkLine(line, options.check);
    yield typeof checked === 'string' ? { bad: `line ${lineNumber}: ${checked}` } : { value: checked };
  }
}

function checkLine<T>(line: string, check: (value: unknown) => T | string): T | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return 'not valid JSON';
  }
  return check(value);
}
