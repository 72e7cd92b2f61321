import { WITHOUT_DECOMPOSITION } from './fold-mastodon-accents.js';

/**
 * A tag's search key (decision 028): lower-case Latin letters without their accents, one letter for
 * one ('café' -> 'cafe', 'phở' -> 'pho', 'łódź' -> 'lodz'), so a search typed with or without them
 * finds the tag, which keeps its accents. Letters that are not an accented one ('ß', 'æ'), other
 * scripts, emoji and capitals stay. The store keeps the same key of every tag (migration 027 folds
 * the same letters in SQL); a change here needs a migration that folds as this does.
 */
export function foldTagAccents(text: string): string {
  if (!FOLDABLE.test(text)) return text;
  let folded = '';
  for (const letter of text) folded += FOLDED.get(letter) ?? letter;
  return folded;
}

// The blocks of the letters folded: Latin-1 Supplement to Latin Extended-B, and Latin Extended
// Additional (Vietnamese).
const FOLDABLE = /[\u00E0-\u024F\u1E00-\u1EFF]/u;

/**
 * Each lower-case letter of those blocks that is a letter of a-z with accents, or one of the letters
 * with a stroke, a bar or no dot that Mastodon folds (WITHOUT_DECOMPOSITION).
 */
const FOLDED: ReadonlyMap<string, string> = (() => {
  const folded = new Map<string, string>(Object.entries(WITHOUT_DECOMPOSITION));
  for (const [first, last] of [
    [0xe0, 0x24f],
    [0x1e00, 0x1eff],
  ] as const) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code);
      const [base, ...marks] = letter.normalize('NFD');
      if (letter !== letter.toLowerCase() || marks.length === 0 || !marks.every(isMark)) continue;
      const plain = /^[a-z]$/.test(base!) ? base : WITHOUT_DECOMPOSITION[base!];
      if (plain) folded.set(letter, plain);
    }
  }
  return folded;
})();

function isMark(character: string): boolean {
  return /^\p{Mn}$/u.test(character);
}
