// `npm start` builds through this: each app (extension, web, server) is rebuilt only when its inputs
// changed since its last successful build. The inputs are the contents of the app's own files and of the
// workspace packages it bundles (tests, dist and node_modules left out), the lockfile, the shared
// tsconfig, the Node version and the build-time environment variables the app reads. Their hash is kept
// in the app's dist folder after a successful build; a missing or different hash, or a missing output,
// rebuilds. `--force` rebuilds everything; `--check` only says what would be rebuilt (exit 1 if anything).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STAMP = '.build-inputs';
const shared = ['packages/contract', 'packages/analyzer', 'package-lock.json', 'tsconfig.base.json'];

/** Build order matters: the server serves the web app's dist. */
export const apps = [
  { dir: 'apps/extension', output: 'dist/chrome/manifest.json', env: /^MEDIADIET_/ },
  { dir: 'apps/web', output: 'dist/index.html', env: /^VITE_/ },
  { dir: 'apps/server', output: 'dist/server.js', env: null },
];

const SKIP_DIRS = new Set(['node_modules', 'dist', 'test', 'testing', 'coverage', '.vite', 'test-results']);
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function filesUnder(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  const entries = readdirSync(full, { withFileTypes: true });
  const out = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) out.push(...filesUnder(root, child));
    } else if (entry.isFile() && !isTestFile(entry.name) && !entry.name.endsWith('.tsbuildinfo')) {
      out.push(child);
    }
  }
  return out;
}

function files(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  return statSync(full).isDirectory() ? filesUnder(root, relative) : [relative];
}

/** The hash of everything that goes into one app's build. */
export function inputsHash(app, env = process.env, root = repoRoot) {
  const hash = createHash('sha256');
  hash.update(`node ${process.versions.node}\n`);
  for (const file of [app.dir, ...shared].flatMap((entry) => files(root, entry))) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(root, file)));
  }
  if (app.env) {
    for (const key of Object.keys(env)
      .filter((k) => app.env.test(k))
      .sort())
      hash.update(`${key}=${env[key]}\n`);
  }
  return hash.digest('hex');
}

function isCurrent(app, hash, root = repoRoot) {
  const stamp = path.join(root, app.dir, 'dist', STAMP);
  if (!existsSync(path.join(root, app.dir, app.output)) || !existsSync(stamp)) return false;
  return readFileSync(stamp, 'utf8').trim() === hash;
}

function main() {
  const force = process.argv.includes('--force');
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const app of apps) {
    const hash = inputsHash(app);
    if (!force && isCurrent(app, hash)) {
      console.info(`${app.dir}: up to date, not rebuilt`);
      continue;
    }
    stale += 1;
    if (check) {
      console.info(`${app.dir}: would be rebuilt`);
      continue;
    }
    console.info(`${app.dir}: building…`);
    const result = spawnSync('npm', ['run', 'build', '-w', app.dir], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`${app.dir}: the build failed (exit ${result.status ?? result.signal}).`);
      process.exit(result.status || 1);
    }
    // The hash of the inputs as they were before the build: an edit made while it ran is rebuilt next time.
    writeFileSync(path.join(repoRoot, app.dir, 'dist', STAMP), `${hash}\n`);
  }
  if (check && stale > 0) process.exit(1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
