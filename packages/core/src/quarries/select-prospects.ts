/** A profile that passed every filter in this run, with what its matching posts showed. */
export interface ProspectCandidate {
  profileId: string;
  /** The newest matching post, epoch seconds. */
  lastPostAt: number;
  matchedPosts: number;
}

export interface ProspectSelection<C extends ProspectCandidate> {
  /** What the run records, new ones first. */
  records: (C & { isNew: boolean })[];
  newCount: number;
  /** Candidates left out because the run reached its record limit. */
  isCapped: boolean;
  /** New candidates left out because the period's prospect allowance ran out. */
  isOverBudget: boolean;
}

/**
 * The records one run keeps: at most `recordLimit`, never-seen profiles first (so a capped run
 * still moves on to new people next time), each group newest post first, then by profile id. At
 * most `newBudget` new profiles are recorded (the rest of the period's allowance); the others stay
 * unseen for a later run.
 */
export function selectProspects<C extends ProspectCandidate>(
  candidates: readonly C[],
  options: { seen: ReadonlySet<string>; recordLimit: number; newBudget: number },
): ProspectSelection<C> {
  const byRecency = (a: C, b: C) =>
    b.lastPostAt - a.lastPostAt || (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0);
  const unseen = candidates.filter((c) => !options.seen.has(c.profileId)).sort(byRecency);
  const seen = candidates.filter((c) => options.seen.has(c.profileId)).sort(byRecency);
  const limit = Math.max(0, options.recordLimit);
  const newAllowed = Math.min(unseen.length, Math.max(0, options.newBudget), limit);
  const fresh = unseen.slice(0, newAllowed).map((c) => ({ ...c, isNew: true }));
  const known = seen.slice(0, limit - fresh.length).map((c) => ({ ...c, isNew: false }));
  const records = [...fresh, ...known];
  const isOverBudget = newAllowed < Math.min(unseen.length, limit);
  return {
    records,
    newCount: fresh.length,
    isCapped: records.length === limit && candidates.length > limit,
    isOverBudget,
  };
}
