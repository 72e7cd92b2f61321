/**
 * A tag's length as its limit counts it (LIMITS.hashtagMaxChars, normalizeHashtag): in code points,
 * so '🍕' is one character where JavaScript's length says two.
 */
export function countTagChars(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
