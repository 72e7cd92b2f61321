import { coerce, lt } from 'semver';

/** A store version as semver: "2.2" is 2.2.0, a pre-release tag is ignored, anything unreadable is 0.0.0. */
function asSemver(version: string): string {
  return coerce(version)?.version ?? '0.0.0';
}

/** The forced-update rule: the running app is older than the oldest version still supported. */
export function shouldUpdateApp(runningVersion: string, minimumVersion: string | null | undefined): boolean {
  if (!minimumVersion) return false;
  return lt(asSemver(runningVersion), asSemver(minimumVersion));
}
