/** Router state of a screen the guide opened ("Show me"): that screen lets the guide speak first. */
export const GUIDED_VISIT = { isGuided: true } as const;

export function isGuidedVisit(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { isGuided?: unknown }).isGuided === true;
}
