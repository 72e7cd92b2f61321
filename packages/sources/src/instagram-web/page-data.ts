/**
 * How the network's web endpoints answer today: JSON when asked as the site's own scripts ask
 * (`?__a=1&__d=dis`, the AJAX headers, or the GraphQL endpoint). The pages themselves are an
 * empty app shell: they stopped carrying `window._sharedData` in 2023, so a page of HTML where
 * JSON was asked for is an answer we cannot read.
 */
export function parseJsonAnswer(body: string): unknown {
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    return JSON.parse(trimmed);
  } catch {
    return undefined;
  }
}

/** The network's login page, served in place of what was asked (with or without a redirect). */
export function isLoginPage(page: string): boolean {
  return (
    /"LoginAndSignupPage"\s*:/.test(page) ||
    /<form[^>]+id="loginForm"/i.test(page) ||
    /<title>\s*Login\s*•\s*Instagram\s*<\/title>/i.test(page)
  );
}

/**
 * A JSON refusal that asks for a signed-in session: `{"require_login": true}` or a checkpoint,
 * challenge or feedback demand (the answers instaloader treats as "log in" or "stop").
 */
export function isLoginDemand(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { require_login: requireLogin, message } = answer as { require_login?: unknown; message?: unknown };
  return (
    requireLogin === true ||
    (typeof message === 'string' &&
      /^(login_required|checkpoint_required|challenge_required|feedback_required)$/.test(message))
  );
}
