/**
 * Lower-case text with Mastodon's accent folding: it stores 'café' as 'cafe' (its HashtagNormalizer
 * folds Latin-1 and Latin Extended-A letters to ASCII after NFKC and lower-casing, and drops what is
 * not a letter or digit, combining accents among them). Other scripts and letters such as 'æ' or
 * 'ß' stay.
 */
export function foldMastodonAccents(text: string): string {
  if (!FOLDABLE.test(text)) return text;
  return text.replace(LATIN_WITH_MARKS, (match) => FOLDED.get(match[0]!) ?? match);
}

const FOLDABLE = /[\u00E0-\u017F]|[a-z]\p{Mn}/u;
// A letter Mastodon folds, or an ASCII letter, with any combining marks after it (marks that NFKC
// could not join to it, which Mastodon drops).
const LATIN_WITH_MARKS = /[a-z\u00E0-\u017F]\p{Mn}*/gu;

/** Letters with a stroke, a bar or no dot, which have no decomposition to their ASCII letter. */
export const WITHOUT_DECOMPOSITION: Readonly<Record<string, string>> = {
  ð: 'd',
  đ: 'd',
  ħ: 'h',
  ı: 'i',
  ĸ: 'k',
  ł: 'l',
  ŋ: 'n',
  ø: 'o',
  ŧ: 't',
};

/** Each foldable lower-case letter, and every ASCII letter (whose marks are dropped), to its ASCII letter. */
const FOLDED: ReadonlyMap<string, string> = (() => {
  const folded = new Map<string, string>(Object.entries(WITHOUT_DECOMPOSITION));
  for (let code = 0x61; code <= 0x7a; code++)
    folded.set(String.fromCharCode(code), String.fromCharCode(code));
  for (let code = 0xe0; code <= 0x17f; code++) {
    const letter = String.fromCharCode(code);
    const base = letter.normalize('NFD')[0]!;
    if (letter === letter.toLowerCase() && base !== letter && /^[a-z]$/.test(base)) folded.set(letter, base);
  }
  return folded;
})();
