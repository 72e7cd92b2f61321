import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer } from './fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database file holding the imported sample corpus, which startSeededServer copies. */
    seededTemplate: string;
  }
}

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Imports the sample corpus (about 40 s) once, in Vitest's main process before the e2e files run, into
 * a template kept in the temp folder and keyed by the build and the seed step, so later runs of the
 * same build reuse it.
 */
export async function setup(project: TestProject): Promise<void> {
  const template = join(tmpdir(), `tagscout-e2e-corpus-${seedHash()}.db`);
  if (!existsSync(template)) {
    const seeding = await startServer({ seed: true });
    // Renamed into place whole, so a run beside this one never copies half a template.
    const partial = `${template}.${process.pid}.partial`;
    await seeding.stop({ saveDatabaseTo: partial });
    renameSync(partial, template);
  }
  project.provide('seededTemplate', template);
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
