/**
 * Starts the app again from its home page with a full reload, so nothing of the account stays in
 * memory (after a sign-out, or once the account is deleted), and the start is tried anew (the
 * no-internet screen's Restart). It replaces the page it leaves, so Back does not return to it.
 */
export function restartApp(): void {
  window.location.replace('/');
}
