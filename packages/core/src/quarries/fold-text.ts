/**
 * Text as keyword matching compares it: compatibility-normalised (full-width letters become plain),
 * accents dropped ("café" matches "cafe"), lower-cased. Applied to both sides of every comparison,
 * so a keyword and a tag in the same script always compare alike.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .normalize('NFC');
}

/**
 * A keyword as typed: trimmed, leading '#' (or full-width '＃') removed, inner runs of spaces made
 * one. Empty when nothing is left.
 */
export function cleanKeyword(text: string): string {
  return text
    .replace(/^[\s#\uFF03]+/u, '')
    .trim()
    .replace(/\s+/gu, ' ');
}

/** Keywords as stored: cleaned, empty ones dropped, repeats (compared folded) dropped, first kept. */
export function normalizeKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of keywords) {
    const keyword = cleanKeyword(raw);
    const key = foldText(keyword);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  return kept;
}
