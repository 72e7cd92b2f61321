/** Search text as searched: trimmed, leading '#' characters stripped, lower-cased. */
export function normalizeQuery(text: string): string {
  // Stripping whitespace together with '#' keeps "#  #tag" and "tag" the same query (idempotent).
  return text
    .replace(/^[\s#\uFF03]+/u, '')
    .toLowerCase()
    .trim();
}
