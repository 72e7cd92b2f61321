/**
 * Compares dotted version numbers ("2.1.33" < "2.1.100"): negative when a is older, 0 when equal,
 * positive when newer. Missing parts count as 0; anything that is not a number compares as 0.
 */
export function compareVersions(a: string, b: string): number {
  const parts = (version: string) => version.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const left = parts(a);
  const right = parts(b);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}

/** The forced-update rule: the running app is older than the oldest version still supported. */
export function shouldUpdateApp(runningVersion: string, minimumVersion: string | null | undefined): boolean {
  if (!minimumVersion) return false;
  return compareVersions(runningVersion, minimumVersion) < 0;
}
