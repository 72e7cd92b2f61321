import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/**
 * The values of a JSON-lines file that `check` accepts, in file order. A line that is not JSON, or
 * that `check` answers with a sentence, goes to `onBadLine` with its line number and is skipped;
 * blank lines are ignored.
 */
export async function* readJsonLines<T>(options: {
  file: string;
  check: (value: unknown) => T | string;
  onBadLine: (message: string) => void;
}): AsyncGenerator<T> {
  const lines = createInterface({
    input: createReadStream(options.file, 'utf8'),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber++;
    if (line.trim() === '') continue;
    const checked = checkLine(line, options.check);
    if (typeof checked === 'string') options.onBadLine(`line ${lineNumber}: ${checked}`);
    else yield checked;
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
