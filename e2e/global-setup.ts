import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer } from './fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database file holding the imported sample corpus, which startSeededServer copies. */
    seededTemplate: string;
    /** Written instead of the template when the import failed: why, for the tests that wait for it. */
    seedingFailure: string;
  }
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Imports the sample corpus (about 30 s) once into a template kept in the temp folder and keyed by the
 * build and the seed step, so later runs of the same build reuse it. The import runs in the background
 * while the other projects' files run (Vitest runs every globalSetup before any file, and the e2e
 * files run after the server's: vitest-sequencer.ts); startSeededServer waits for the template.
 */
export async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = join(tmpdir(), `tagscout-e2e-corpus-${seedHash()}.db`);
  const failure = `${template}.${process.pid}.failed`;
  project.provide('seededTemplate', template);
  project.provide('seedingFailure', failure);
  if (existsSync(template)) return async () => {};
  const seeding = importTemplate(template).catch((error: unknown) => {
    writeFileSync(failure, error instanceof Error ? (error.stack ?? error.message) : String(error));
  });
  return async () => {
    // Bounded, so a hung import cannot hold the end of the run (its files have failed by then).
    await Promise.race([seeding, new Promise((resolve) => setTimeout(resolve, 5 * 60_000).unref())]);
    rmSync(failure, { force: true });
  };
}

async function importTemplate(template: string): Promise<void> {
  const seeding = await startServer({ seed: true });
  // Renamed into place whole, so a run beside this one never copies half a template.
  const partial = `${template}.${process.pid}.partial`;
  await seeding.stop({ saveDatabaseTo: partial });
  renameSync(partial, template);
}

/** The built server, the corpus generator and the seed step, which together decide what the template holds. */
function seedHash(): string {
  const hash = createHash('sha256');
  for (const dist of ['apps/server/dist', 'packages/corpus/dist'].map((path) => join(repoRoot, path))) {
    for (const entry of readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort()) {
      if (entry.endsWith('.js')) hash.update(entry).update(readFileSync(join(dist, entry)));
    }
  }
  hash.update(readFileSync(join(repoRoot, 'scripts/seed-sample.mjs')));
  return hash.digest('hex').slice(0, 16);
}
