/// <reference path="./stopword.d.ts" />
import { deu, eng, fra, ita, por, porBr, spa } from 'stopword';

/**
 * The little words (the, and, de, um) of the app's two languages and the networks' most common
 * others, as the server's caption reading drops them (packages/core/src/caption/stop-words.ts).
 * Loaded with a pasted text that has no #, not with the app.
 */
const LITTLE_WORDS: ReadonlySet<string> = new Set(
  [eng, por, porBr, spa, fra, deu, ita].flat().map((word) => word.normalize('NFC').toLowerCase()),
);

/** Whether `name` is one of those words, nobody's tag. */
export function isLittleWord(name: string): boolean {
  return LITTLE_WORDS.has(name);
}
