/** A tag with what the ladder weighs: its post count (negative = unknown) and, when known, its trend. */
export interface LadderTag {
  hashtag: string;
  count: number;
  /** Growth of recent uses (e.g. this week over last week, 1 = flat); higher is preferred in a tier. */
  trend?: number;
}

/** How many tags of each tier `n` places take: about one broad in five, the rest mid and niche. */
export function ladderQuotas(n: number): { broad: number; mid: number; niche: number } {
  if (n <= 0) return { broad: 0, mid: 0, niche: 0 };
  if (n === 1) return { broad: 0, mid: 1, niche: 0 };
  const broad = Math.max(1, Math.floor(n / 5));
  const mid = Math.ceil((n - broad) / 2);
  return { broad, mid, niche: n - broad - mid };
}

/**
 * "Pick the best N": a ladder by post count. The tags with a known count are ranked by count and
 * split into thirds (broad, mid, niche); each tier gives its quota (for 5: one broad, two mid, two
 * niche), rising tags first, then list order. A tier short of tags is made up from the nearest one
 * (mid first), tags of unknown count last. Returns names in list order.
 */
export function pickLadder(tags: readonly LadderTag[], n: number): string[] {
  const wanted = Math.min(Math.max(0, Math.floor(n)), tags.length);
  const indexed = tags.map((tag, index) => ({ ...tag, index }));
  const known = indexed
    .filter((tag) => tag.count >= 0)
    .sort((a, b) => b.count - a.count || a.index - b.index);
  const third = known.length / 3;
  const tiers = {
    broad: known.filter((_, rank) => rank < Math.round(third)),
    mid: known.filter((_, rank) => rank >= Math.round(third) && rank < Math.round(2 * third)),
    niche: known.filter((_, rank) => rank >= Math.round(2 * third)),
  };
  const byPreference = (a: (typeof indexed)[number], b: (typeof indexed)[number]) =>
    (b.trend ?? 1) - (a.trend ?? 1) || a.index - b.index;
  for (const tier of Object.values(tiers)) tier.sort(byPreference);

  const picked = new Set<number>();
  const take = (from: typeof indexed, max: number) => {
    for (const tag of from) {
      if (max <= 0 || picked.size >= wanted) return;
      if (!picked.has(tag.index)) {
        picked.add(tag.index);
        max--;
      }
    }
  };
  const quotas = ladderQuotas(wanted);
  take(tiers.broad, quotas.broad);
  take(tiers.mid, quotas.mid);
  take(tiers.niche, quotas.niche);
  // Shortfalls: mid first, then the tier next to it, then tags of unknown count in list order.
  for (const tier of [tiers.mid, tiers.niche, tiers.broad]) take(tier, wanted);
  take(
    indexed.filter((tag) => tag.count < 0),
    wanted,
  );
  return [...picked].sort((a, b) => a - b).map((index) => tags[index]!.hashtag);
}
