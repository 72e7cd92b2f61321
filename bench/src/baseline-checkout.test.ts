import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { prepareBaselineCheckout } from './baseline-checkout.js';
import { REPO_ROOT } from './processes.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder shaped like an older checkout: its own packages/core and apps/server. */
function oldCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baseline-'));
  made.push(dir);
  mkdirSync(join(dir, 'packages/core'), { recursive: true });
  mkdirSync(join(dir, 'apps/server'), { recursive: true });
  return dir;
}

describe('prepareBaselineCheckout', () => {
  it("links this checkout's packages but runs the old checkout's own workspace packages", () => {
    const dir = oldCheckout();
    prepareBaselineCheckout(dir);
    expect(realpathSync(join(dir, 'node_modules/@tagscout/core'))).toBe(
      realpathSync(join(dir, 'packages/core')),
    );
    expect(realpathSync(join(dir, 'node_modules/kysely'))).toBe(
      realpathSync(join(REPO_ROOT, 'node_modules/kysely')),
    );
  });

  it("refuses a link to this checkout's whole node_modules, which would run this checkout's core", () => {
    const dir = oldCheckout();
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'));
    expect(() => prepareBaselineCheckout(dir)).toThrow(/not its own/);
  });
});
