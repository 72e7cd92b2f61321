// CI's early build of better-sqlite3's native binding (.ci/run). Compiling SQLite takes about two
// minutes of one core, more than `npm ci` and the lint together, and waited for everything after
// them. `build` fetches the locked version's package from the registry (checked against the
// lockfile's integrity) and compiles it in a folder of its own, while `npm ci` still runs;
// `install` puts the binding where the installed package looks for it. Uses only Node built-ins.
import { execFileSync, execSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { root, run } from './ensure-deps.mjs';

const BINDING = join('build', 'Release', 'better_sqlite3.node');

const locked = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages[
  'node_modules/better-sqlite3'
];
const folder = join(tmpdir(), `tagscout-better-sqlite3-${locked.version}`);
const packageFolder = join(folder, 'package');

function build() {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const [packed] = JSON.parse(
    execFileSync(
      'npm',
      ['pack', `better-sqlite3@${locked.version}`, '--json', '--pack-destination', folder],
      {
        encoding: 'utf8',
      },
    ),
  );
  if (packed.integrity !== locked.integrity) {
    throw new Error(
      `better-sqlite3@${locked.version} from the registry is not the one package-lock.json names`,
    );
  }
  execFileSync('tar', ['-xzf', join(folder, packed.filename), '-C', folder]);
  // The node-gyp npm itself runs for a package's install script.
  const nodeGyp = join(
    execSync('npm prefix -g', { encoding: 'utf8' }).trim(),
    'lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js',
  );
  run(`"${process.execPath}" "${nodeGyp}" rebuild --release`, { cwd: packageFolder });
}

function install() {
  const installed = join(root, 'node_modules', 'better-sqlite3');
  const version = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version;
  if (version !== locked.version || !existsSync(join(packageFolder, BINDING))) {
    throw new Error(`no early build of better-sqlite3@${version}`);
  }
  mkdirSync(join(installed, 'build', 'Release'), { recursive: true });
  copyFileSync(join(packageFolder, BINDING), join(installed, BINDING));
  // The other install script `npm ci --ignore-scripts` skipped.
  run('npm rebuild esbuild');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const step = process.argv[2];
  if (step === 'build') build();
  else if (step === 'install') install();
  else throw new Error('usage: node scripts/sqlite-binding.mjs build|install');
}
