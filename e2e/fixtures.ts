import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = join(repoRoot, 'e2e', 'screenshots');

export interface RunningServer {
  url: string;
  databasePath: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Import the sample corpus on start (slow: use startSeededServer to share one import). */
  seed?: boolean;
  /** An existing database file to use instead of a new one. */
  databasePath?: string;
  env?: Record<string, string>;
}

/** The real built server (apps/server/dist/main.js) on a free port with its own temporary database. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const folder = options.databasePath ? null : mkdtempSync(join(tmpdir(), 'tagscout-e2e-'));
  const databasePath = options.databasePath ?? join(folder!, 'tagscout.db');
  const child = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databasePath,
      LOG_LEVEL: 'warn',
      SEED_CORPUS: String(options.seed ?? false),
      RATE_LIMIT_PER_MINUTE: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForReadyLine(child);
  return {
    url,
    databasePath,
    process: child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
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

export async function newPage(
  browser: Browser,
  options: { viewport?: keyof typeof viewports; locale?: string; baseURL: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: viewports[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'en-US',
    baseURL: options.baseURL,
    isMobile: options.viewport === 'phone',
    hasTouch: options.viewport === 'phone',
  });
  const page = await context.newPage();
  return { context, page };
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
