/**
 * The JSON a page of the network carries: `window._sharedData = {...};`, the
 * `window.__additionalDataLoaded('path', {...});` of later versions, or a bare JSON answer
 * (`?__a=1`). Each is parsed on its own, so one broken blob does not hide another.
 */
export function findPageData(page: string): unknown[] {
  const found: unknown[] = [];
  const trimmed = page.trimStart();
  if (trimmed.startsWith('{')) {
    const value = tryParse(trimmed);
    if (value !== undefined) found.push(value);
  }
  const patterns = [
    /window\._sharedData\s*=\s*(\{.*?\});?\s*<\/script>/gs,
    /window\.__additionalDataLoaded\(\s*'[^']*'\s*,\s*(\{.*?\})\s*\);?\s*<\/script>/gs,
  ];
  for (const pattern of patterns) {
    for (const match of page.matchAll(pattern)) {
      const value = tryParse(match[1]!);
      if (value !== undefined) found.push(value);
    }
  }
  return found;
}

/** The first object, anywhere in `roots` (breadth first, bounded), that has the key `marker`. */
export function findObjectWith(
  roots: readonly unknown[],
  marker: string,
): Record<string, unknown> | undefined {
  const queue: { value: unknown; depth: number }[] = roots.map((value) => ({ value, depth: 0 }));
  let visited = 0;
  while (queue.length > 0 && visited < 50_000) {
    const { value, depth } = queue.shift()!;
    visited++;
    if (typeof value !== 'object' || value === null) continue;
    if (!Array.isArray(value) && marker in value) return value as Record<string, unknown>;
    if (depth >= 12) continue;
    for (const child of Object.values(value)) queue.push({ value: child, depth: depth + 1 });
  }
  return undefined;
}

/** The network's login page, served in place of what was asked (with or without a redirect). */
export function isLoginPage(page: string): boolean {
  return (
    /"LoginAndSignupPage"\s*:/.test(page) ||
    /<form[^>]+id="loginForm"/i.test(page) ||
    /<title>\s*Login\s*•\s*Instagram\s*<\/title>/i.test(page)
  );
}

function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
