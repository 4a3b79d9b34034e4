/**
 * `npm run lint:store -w apps/extension`: builds the Firefox store build (`build.ts --store --target firefox`) and
 * runs Mozilla's add-on linter on it as addons.mozilla.org does (`web-ext lint`, listed add-on, warnings count as
 * errors). Prints what it reports and exits non-zero on any error or warning (decision 161).
 *
 * The build goes to MEDIADIET_EXTENSION_OUT, or a temporary folder. Without MEDIADIET_API_BASE it stands in the
 * public address https://mediadiet.app (the linter's verdict does not depend on it; a store build refuses a
 * local one).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, '../../node_modules/.bin', name);

export interface LintMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
}

export interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** Builds the Firefox store build into `out` (its `firefox/` folder); throws with the build's output if it fails. */
export function buildFirefoxStore(out: string, env: NodeJS.ProcessEnv = process.env): string {
  const r = spawnSync(bin('tsx'), ['scripts/build.ts', '--store', '--target', 'firefox'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...env, MEDIADIET_API_BASE: env.MEDIADIET_API_BASE || 'https://mediadiet.app', MEDIADIET_EXTENSION_OUT: out },
  });
  if (r.status !== 0) throw new Error(`The store build failed:\n${r.stdout}\n${r.stderr}`);
  return path.join(out, 'firefox');
}

/** `web-ext lint` on an unpacked Firefox build, as for a listed add-on, with warnings counted as errors. */
export function lintFirefox(sourceDir: string): LintReport {
  const r = spawnSync(
    bin('web-ext'),
    ['lint', '--source-dir', sourceDir, '--self-hosted=false', '--warnings-as-errors', '--output=json', '--no-config-discovery'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const start = r.stdout.indexOf('{');
  if (start < 0) throw new Error(`web-ext lint printed no report (exit ${r.status}):\n${r.stdout}\n${r.stderr}`);
  const json = JSON.parse(r.stdout.slice(start)) as Partial<LintReport>;
  const pick = (list: LintMessage[] = []) =>
    list.map(({ code, message, file, line }) => ({ code, message, ...(file ? { file } : {}), ...(line ? { line } : {}) }));
  return { errors: pick(json.errors), warnings: pick(json.warnings), notices: pick(json.notices) };
}

export function formatReport(report: LintReport): string {
  const lines = [`errors ${report.errors.length} · warnings ${report.warnings.length} · notices ${report.notices.length}`];
  for (const kind of ['errors', 'warnings', 'notices'] as const) {
    for (const m of report[kind]) lines.push(`  ${kind.slice(0, -1)} ${m.code}${m.file ? ` (${m.file}${m.line ? `:${m.line}` : ''})` : ''}: ${m.message}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const given = process.env.MEDIADIET_EXTENSION_OUT?.trim();
  const out = given ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'mediadiet-store-lint-'));
  try {
    const dir = buildFirefoxStore(out);
    const report = lintFirefox(dir);
    console.info(`web-ext lint ${path.relative(process.cwd(), dir) || dir}\n${formatReport(report)}`);
    if (report.errors.length + report.warnings.length > 0) process.exitCode = 1;
  } finally {
    if (!given) rmSync(out, { recursive: true, force: true });
  }
}
