/**
 * Distinct authors of a word or a word-tag pair without a row per author (decision 030): each
 * author sets one of 32 bits, chosen by a hash of who they are (FNV-1a), and the number of people
 * is read back from the bits still clear (linear counting). One author, however loud, sets one bit;
 * the estimate is close for a few dozen people and stops near 110 when every bit is set.
 */
export const AUTHOR_SKETCH_BITS = 32;

/** The bit (a power of two below 2^32) an author sets. */
export function authorBit(author: string): number {
  return 2 ** (hashOfText(author) % AUTHOR_SKETCH_BITS);
}

/**
 * A 32-bit hash of a text: FNV-1a, then MurmurHash3's finaliser, since FNV's low bits alone repeat
 * patterns of the text (two equal digits cancel in its lowest bit) and a slot is chosen by them.
 */
export function hashOfText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** How many people a sketch stands for: 1 for one bit, about 110 at most. */
export function authorsOfSketch(sketch: number): number {
  let set = 0;
  for (let rest = sketch; rest > 0; rest = Math.floor(rest / 2)) set += rest % 2;
  if (set <= 1) return set;
  const clear = Math.max(AUTHOR_SKETCH_BITS - set, 0.5);
  return AUTHOR_SKETCH_BITS * Math.log(AUTHOR_SKETCH_BITS / clear);
}

/** `sketch` with `bit` set (JavaScript's `|` works on 32 signed bits, so by arithmetic). */
export function withAuthorBit(sketch: number, bit: number): number {
  return Math.floor(sketch / bit) % 2 === 1 ? sketch : sketch + bit;
}
