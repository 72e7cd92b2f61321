import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');

export interface RunningServer {
  url: string;
  databasePath: string;
  process: ChildProcess;
  stop(options?: { saveDatabaseTo?: string }): Promise<void>;
}

export interface StartServerOptions {
  /** Run the seed step (the sample corpus) before the server (slow: startSeededServer copies one import). */
  seed?: boolean;
  /** A database file to start from (copied, so the original stays as it is). */
  databasePath?: string;
  env?: Record<string, string>;
}

/** The real built server (apps/server/dist/main.js) on a free port with its own temporary database. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { env, databasePath, removeFolder } = prepareServer(options);
  if (options.seed) await runSeedStep(env);
  const child = spawnBuiltServer(env, { isPreloaded: false });
  const url = await waitForReadyLine(child);
  return runningServer({ child, url, databasePath, removeFolder });
}

export interface PreloadedServer {
  process: ChildProcess;
  databasePath: string;
  /** Lets main.js run (on the modules loaded meanwhile) and resolves once it listens. */
  start(): Promise<RunningServer>;
}

/**
 * The built server, spawned now with the app's modules loading (lifecycle/preload-app.mjs, 2-3 s of
 * CPU, most of a start) and started later: a test that kills servers one after another loads the next
 * one while the last still serves. main.js itself runs unchanged once started.
 */
export function spawnPreloadedServer(options: Omit<StartServerOptions, 'seed'> = {}): PreloadedServer {
  const { env, databasePath, removeFolder } = prepareServer(options);
  const child = spawnBuiltServer(env, { isPreloaded: true });
  const ready = waitForReadyLine(child);
  // Failing before start() is called, the spawn is reported by start().
  ready.catch(() => {});
  return {
    process: child,
    databasePath,
    start: async () => {
      child.stdin!.end('start\n');
      return runningServer({ child, url: await ready, databasePath, removeFolder });
    },
  };
}

/** A temporary folder with the server's own database path, and the environment it runs with. */
function prepareServer(options: Omit<StartServerOptions, 'seed'>) {
  const folder = mkdtempSync(join(tmpdir(), 'tagscout-e2e-'));
  const databasePath = join(folder, 'tagscout.db');
  if (options.databasePath) copyFileSync(options.databasePath, databasePath);
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databasePath,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    // Every visitor of a browser test comes from 127.0.0.1: sign-up limits per address and network
    // are tested in the server's tests (sign-up-limits.test.ts), not here.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
    SIGNUPS_PER_NETWORK_PER_HOUR: '10000',
    // Features are tested here, not load shedding (health.test.ts covers it); a busy machine would trip it.
    LOAD_SHEDDING: 'false',
    // No Bluesky consumer: tests never reach the internet.
    BLUESKY_JETSTREAM_URL: '',
    ...options.env,
  };
  return { env, databasePath, removeFolder: () => rmSync(folder, { recursive: true, force: true }) };
}

function spawnBuiltServer(env: NodeJS.ProcessEnv, { isPreloaded }: { isPreloaded: boolean }): ChildProcess {
  const preload = isPreloaded ? ['--import', join(repoRoot, 'e2e/lifecycle/preload-app.mjs')] : [];
  return spawn(process.execPath, [...preload, join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env,
    // A preloaded server waits for a line on stdin before main.js runs.
    stdio: [isPreloaded ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
}

function runningServer(server: {
  child: ChildProcess;
  url: string;
  databasePath: string;
  removeFolder: () => void;
}): RunningServer {
  const { child, url, databasePath } = server;
  return {
    url,
    databasePath,
    process: child,
    stop: async (stopOptions = {}) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      // A clean stop checkpoints the write-ahead log, so the one file holds everything.
      if (stopOptions.saveDatabaseTo) renameSync(databasePath, stopOptions.saveDatabaseTo);
      server.removeFolder();
    },
  };
}

/** The seed step `npm start` runs before the server (scripts/seed-sample.mjs, built). */
async function runSeedStep(env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, [join(repoRoot, 'scripts/seed-sample.mjs')], {
    cwd: repoRoot,
    env: { ...env, SEED_CORPUS: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the seed step exited with ${code}:\n${output}`);
}

/**
 * A server on a copy of the database that holds the imported sample corpus (imported once per build,
 * in the background from the start of the run, by global-setup.ts).
 */
export async function startSeededServer(options: Omit<StartServerOptions, 'seed' | 'databasePath'> = {}) {
  const template = inject('seededTemplate');
  if (!template) throw new Error('no seeded template: the e2e project runs e2e/global-setup.ts first');
  await templateImported(template, inject('seedingFailure'));
  return startServer({ ...options, databasePath: template });
}

/** Waits until global-setup.ts has renamed the imported template into place, or says why it could not. */
async function templateImported(template: string, failure: string): Promise<void> {
  const LOOK_EVERY_MS = 250;
  // Under the e2e project's hookTimeout (120 s), so the wait ends with its own message.
  const GIVE_UP_AFTER_MS = 110_000;
  const startedAt = Date.now();
  while (!existsSync(template)) {
    if (existsSync(failure)) {
      throw new Error(`the sample corpus import failed:\n${readFileSync(failure, 'utf8')}`);
    }
    if (Date.now() - startedAt > GIVE_UP_AFTER_MS) {
      throw new Error(`the sample corpus import was still running after ${GIVE_UP_AFTER_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

function waitForReadyLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/ready on (http:\/\/localhost:\d+)/);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`)),
    );
  });
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Local storage a returning visitor has: cookies accepted, the tutorial seen and the guide off, so
 * tests of other screens meet no cookie notice, tutorial or guide step (a test of a first visit passes
 * the `storage` it needs).
 */
export const RETURNING_VISITOR: Readonly<Record<string, string>> = {
  hasAcceptedCookies: 'true',
  firstTimeUser: 'false',
  showGuide: 'false',
};

export async function newPage(
  browser: Browser,
  options: {
    viewport?: keyof typeof viewports;
    locale?: string;
    baseURL: string;
    /** Local storage the context starts with (once, before its first page loads). */
    storage?: Record<string, string>;
  },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewports[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'en-US',
    baseURL: options.baseURL,
    isMobile: options.viewport === 'phone',
    hasTouch: options.viewport === 'phone',
    // The app honours the system's reduced-motion setting (theme.ts): dialogs and drawers appear at
    // once, so no step waits for a slide or a fade to end.
    reducedMotion: 'reduce',
  });
  const storage = options.storage ?? RETURNING_VISITOR;
  if (Object.keys(storage).length > 0) {
    await context.addInitScript((values) => {
      try {
        if (localStorage.getItem('e2eStorageSeeded')) return;
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
        localStorage.setItem('e2eStorageSeeded', '1');
      } catch {
        // about:blank and other opaque origins have no storage.
      }
    }, storage);
  }
  const page = await context.newPage();
  return { context, page };
}

/**
 * Waits until the fonts are in and no transition or finite animation runs (dialog fades, ripples,
 * drawers); endless ones (a spinner) never finish, so they do not count.
 */
export async function waitForStillScreen(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * Saves what the page shows to e2e/screenshots, for a person to look at. Not in CI, where nobody
 * looks: a shot costs Chromium about 0.4 s of encoding, some 25 s over the browser tests.
 */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (process.env.CI) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: false });
}

// ---- Accounts ----

/** A trial promo code that lasts 0.0002 days (17.28 s), for the trial-expiry tests (which move the clocks past it). */
export const QUICK_PROMO = { code: 'QUICK', seconds: 17.28 } as const;

/**
 * A server for the account tests: the dev outbox on (emailed codes can be read), its clock movable
 * (advanceServerClock), a quick promo code, and one proxy hop trusted so each browser context can come
 * from its own address (clientIp): the per-IP sign-in limits then apply per simulated visitor, as in
 * real use.
 */
export async function startAccountsServer(options: StartServerOptions = {}): Promise<RunningServer> {
  return startServer({
    ...options,
    env: {
      EXPOSE_OUTBOX: 'true',
      EXPOSE_CLOCK: 'true',
      TRUST_PROXY: '1',
      // Behind a proxy the local provider is never chosen by itself (it gives Pro away).
      BILLING_PROVIDER: 'local',
      PROMO_CODES: `TRIAL7:7,TRIAL30:30,${QUICK_PROMO.code}:0.0002`,
      ...options.env,
    },
  });
}

/**
 * Moves the server's clock forward (POST /api/dev/clock; the server needs EXPOSE_CLOCK=true, as
 * startAccountsServer's has), so a trial ends or a rate-limit window passes without waiting.
 * Answers the server's time after the move, in ms since 1970.
 */
export async function advanceServerClock(server: Pick<RunningServer, 'url'>, ms: number): Promise<number> {
  const response = await fetch(`${server.url}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: Math.ceil(ms) }),
  });
  if (!response.ok)
    throw new Error(`moving the server's clock answered ${response.status}: ${await response.text()}`);
  const { now } = (await response.json()) as { now: number };
  return now;
}

let nextClientIp = 1;

/** Makes every request of the context come from a different (simulated) client address. */
export async function useOwnClientIp(context: BrowserContext): Promise<string> {
  const n = nextClientIp++;
  const ip = `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${n}`;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

/** A new visitor of an accounts server: its own browser context and its own (simulated) client address. */
export async function newVisitor(browser: Browser, options: Parameters<typeof newPage>[1]) {
  const opened = await newPage(browser, options);
  await useOwnClientIp(opened.context);
  return opened;
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  code: string | null;
  createdAt: string;
}

/**
 * The code of the newest email to `to` that is not in `seen` (ids), from GET /api/dev/outbox;
 * waits up to 10 s for it to arrive.
 */
export async function readEmailCode(
  server: Pick<RunningServer, 'url'>,
  to: string,
  seen: ReadonlySet<string> = new Set(),
): Promise<{ code: string; message: OutboxMessage }> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    if (!response.ok) throw new Error(`outbox answered ${response.status}`);
    const { messages } = (await response.json()) as { messages: OutboxMessage[] };
    const message = messages.find((item) => !seen.has(item.id) && item.code !== null);
    if (message?.code) return { code: message.code, message };
    if (Date.now() > deadline) throw new Error(`no new code for ${to} in the outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Ids of the emails already sent to `to` (so a later readEmailCode finds only a newer one). */
export async function outboxIds(server: Pick<RunningServer, 'url'>, to: string): Promise<Set<string>> {
  const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return new Set(messages.map((message) => message.id));
}

/** The labels of the menu's entries (first line of each), after opening the menu. */
export async function readMenu(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Open menu' });
  await menu.waitFor();
  // Login or Logout shows once the server has said who the visitor is (every visitor has one).
  await menu
    .locator('.MuiListItemText-primary')
    .filter({ hasText: /^(Login|Logout)$/ })
    .waitFor();
  const labels = await menu.locator('.MuiListItemText-primary').allInnerTexts();
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  return labels;
}

/** The browser's device id, once the app has made it (on its first call to the server, not at load). */
export async function readDeviceId(page: Page): Promise<string> {
  const handle = await page.waitForFunction(() => localStorage.getItem('uuID'));
  return (await handle.jsonValue()) as string;
}
