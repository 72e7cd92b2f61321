/** An index in [0, size) from random(), clamped so a faulty random() (NaN, 1, negative) stays in range. */
export function pickIndex(random: () => number, size: number): number {
  const r = random();
  return r > 0 ? Math.min(Math.floor(r * size), size - 1) : 0;
}
