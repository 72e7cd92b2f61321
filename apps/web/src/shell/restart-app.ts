/**
 * Starts the app again from its home page with a full reload, so nothing of the account stays in
 * memory (after a sign-out, or once the account is deleted).
 */
export function restartApp(): void {
  window.location.replace('/');
}
