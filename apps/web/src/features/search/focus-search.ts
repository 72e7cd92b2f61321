/** Router state of a visit to /tags whose first thing to do is to type (a trial just started). */
export const FOCUS_SEARCH = { focusSearch: true } as const;

/**
 * Whether the search box takes the focus on this visit: asked for, and on a device with a mouse (a
 * phone would raise its keyboard over the screen the visitor has not seen yet).
 */
export function shouldFocusSearch(state: unknown): boolean {
  return isFocusAsked(state) && window.matchMedia?.('(hover: hover) and (pointer: fine)').matches === true;
}

/** Whether the visit asked for the focus (the search page then drops the ask from the history entry). */
export function isFocusAsked(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { focusSearch?: unknown }).focusSearch === true
  );
}
