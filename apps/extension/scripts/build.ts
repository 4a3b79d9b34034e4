/**
 * `npm run build -w apps/extension`: bundles with esbuild into dist/chrome and dist/firefox, writes each
 * manifest from src/manifest.ts, draws the icons and zips both folders (fflate; no system `zip`).
 * `--watch` rebuilds on change (no zips). Config: MEDIADIET_API_BASE, MEDIADIET_WEB_ORIGIN, MEDIADIET_DWELL_MS.
 * MEDIADIET_EXTENSION_OUT writes elsewhere than dist/ and `--target chrome|firefox` builds one browser
 * (the end-to-end tests build a copy pointed at their own server).
 * The analyzer is never part of background.js: it is its own module worker (analyzer/worker.js), with its two
 * large parts in files of their own (analyzer/model.js, analyzer/tokenizer.js) so that no file exceeds
 * MAX_FILE_BYTES (Firefox's add-on linter does not parse larger files); the build fails if one does (decision 124).
 */
import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { zipSync, zlibSync } from 'fflate';
import { configFromEnv } from '../src/config.ts';
import { ANALYZER_FILES } from '../src/analyzer/client.ts';
import { buildManifest, FILES, TARGETS, type Target } from '../src/manifest.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.env.MEDIADIET_EXTENSION_OUT?.trim() || 'dist');
const watch = process.argv.includes('--watch');
const targetArg = process.argv.includes('--target') ? process.argv[process.argv.indexOf('--target') + 1] : undefined;
const targets = TARGETS.filter((t) => targetArg === undefined || t === targetArg);
if (targets.length === 0) throw new Error(`--target must be one of ${TARGETS.join(', ')}, got "${targetArg}"`);
const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
const cfg = configFromEnv(process.env, pkg.version);

/** A solid teal disc with a light ring, as PNG (RGBA, no filter), sized n×n. */
function iconPng(n: number): Uint8Array {
  const raw = new Uint8Array(n * (n * 4 + 1));
  const c = (n - 1) / 2;
  for (let y = 0; y < n; y++) {
    raw[y * (n * 4 + 1)] = 0;
    for (let x = 0; x < n; x++) {
      const d = Math.hypot(x - c, y - c) / (n / 2);
      const o = y * (n * 4 + 1) + 1 + x * 4;
      const inside = d <= 1;
      const ring = d > 0.42 && d < 0.58;
      raw.set(inside ? (ring ? [227, 241, 239, 255] : [15, 107, 99, 255]) : [0, 0, 0, 0], o);
    }
  }
  const crcTable = Array.from({ length: 256 }, (_, k) => {
    let v = k;
    for (let i = 0; i < 8; i++) v = v & 1 ? 0xedb88320 ^ (v >>> 1) : v >>> 1;
    return v >>> 0;
  });
  const crc = (b: Uint8Array) => {
    let v = 0xffffffff;
    for (const x of b) v = crcTable[(v ^ x) & 0xff]! ^ (v >>> 8);
    return (v ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const dv = new DataView(out.buffer);
    dv.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    dv.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, n);
  dv.setUint32(4, n);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let off = 0;
  for (const p of parts) {
    png.set(p, off);
    off += p.length;
  }
  return png;
}

/** Firefox's add-on linter (web-ext lint) refuses to parse a file above 4 MB; stay below it with room. */
const MAX_FILE_BYTES = 4_000_000;

/**
 * The analyzer's large parts, each bundled into its own ES module next to the worker, which imports it.
 * `match` is the import specifier inside the analyzer; `file` the output name in dist/<target>/.
 */
const ANALYZER_PARTS = [
  { match: /(^|\/)weights\.json$/, file: ANALYZER_FILES.model },
  { match: /^gpt-tokenizer\/encoding\/o200k_base$/, file: ANALYZER_FILES.tokenizer },
] as const;

/** Builds the analyzer's worker and its parts as ES modules (module workers load them by static import). */
async function buildAnalyzer(target: Target, common: esbuild.BuildOptions): Promise<void> {
  const outdir = path.join(dist, target);
  const resolved = new Map<string, string>();
  const split: esbuild.Plugin = {
    name: 'analyzer-parts',
    setup(build) {
      for (const part of ANALYZER_PARTS) {
        build.onResolve({ filter: part.match }, async (args) => {
          if (args.pluginData === 'analyzer-part') return undefined;
          const r = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'analyzer-part' });
          if (r.errors.length > 0) return { errors: r.errors };
          resolved.set(part.file, r.path);
          return { path: r.path, namespace: 'analyzer-part', pluginData: part.file };
        });
      }
      // The import in the worker becomes `export … from './<part>.js'`, left for the browser to load.
      build.onLoad({ filter: /.*/, namespace: 'analyzer-part' }, (args) => {
        const rel = `./${path.posix.basename(args.pluginData as string)}`;
        const from = JSON.stringify(rel);
        return { contents: args.path.endsWith('.json') ? `export { default } from ${from};` : `export * from ${from};`, loader: 'js' };
      });
      build.onResolve({ filter: /^\.\/[\w-]+\.js$/, namespace: 'analyzer-part' }, (args) => ({ path: args.path, external: true }));
    },
  };
  await esbuild.build({
    ...common,
    entryPoints: { [ANALYZER_FILES.worker.replace(/\.js$/, '')]: 'src/analyzer/worker.ts' },
    format: 'esm',
    outdir,
    plugins: [split],
  });
  for (const part of ANALYZER_PARTS) {
    const source = resolved.get(part.file);
    if (!source) throw new Error(`The analyzer no longer imports ${part.match}: update ANALYZER_PARTS in scripts/build.ts`);
    await esbuild.build({
      ...common,
      stdin: {
        contents: source.endsWith('.json')
          ? `export { default } from ${JSON.stringify(source)};`
          : `export * from ${JSON.stringify(source)};`,
        resolveDir: root,
        loader: 'js',
      },
      format: 'esm',
      outfile: path.join(outdir, part.file),
    });
  }
}

/** Every file of dist/<target>/ above MAX_FILE_BYTES, with its size. */
async function oversizedFiles(dir: string): Promise<{ file: string; bytes: number }[]> {
  const out: { file: string; bytes: number }[] = [];
  const walk = async (rel: string) => {
    for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(r);
      else {
        const bytes = (await stat(path.join(dir, r))).size;
        if (bytes > MAX_FILE_BYTES) out.push({ file: r, bytes });
      }
    }
  };
  await walk('');
  return out;
}

function common(target: Target): esbuild.BuildOptions {
  return {
    bundle: true,
    platform: 'browser',
    target: target === 'chrome' ? 'chrome116' : 'firefox121',
    define: { __MEDIADIET_CONFIG__: JSON.stringify(cfg) },
    absWorkingDir: root,
    legalComments: 'none',
    minify: !watch,
    sourcemap: watch ? 'inline' : false,
    logLevel: 'warning',
  };
}

function options(target: Target): esbuild.BuildOptions[] {
  const outdir = path.join(dist, target);
  const shared = common(target);
  return [
    // Chromium: an ES module service worker; Firefox: a classic background script.
    { ...shared, entryPoints: { background: 'src/background.ts' }, format: target === 'chrome' ? 'esm' : 'iife', outdir },
    {
      ...shared,
      entryPoints: {
        'content/capture': 'src/content/capture.ts',
        'content/bridge': 'src/content/bridge.ts',
        // Link labels: registered by the background on the sites where labels are on, never in the manifest.
        'content/labels': 'src/content/labels.ts',
        'popup/popup': 'src/popup/popup.ts',
        'confirm/confirm': 'src/confirm/confirm.ts',
        'consent/consent': 'src/consent/consent.ts',
        'options/options': 'src/options/options.ts',
        // Chromium only: the offscreen document that hosts the analyzer's worker.
        ...(target === 'chrome' ? { [ANALYZER_FILES.offscreen.replace(/\.js$/, '')]: 'src/analyzer/offscreen.ts' } : {}),
      },
      format: 'iife',
      outdir,
    },
  ];
}

async function writeStatic(target: Target): Promise<void> {
  const outdir = path.join(dist, target);
  await mkdir(path.join(outdir, 'popup'), { recursive: true });
  await mkdir(path.join(outdir, 'consent'), { recursive: true });
  await mkdir(path.join(outdir, 'icons'), { recursive: true });
  await mkdir(path.join(outdir, 'analyzer'), { recursive: true });
  if (target === 'chrome') await cp(path.join(root, 'src/analyzer/offscreen.html'), path.join(outdir, ANALYZER_FILES.offscreenHtml));
  await cp(path.join(root, 'src/pages.css'), path.join(outdir, 'pages.css'));
  await cp(path.join(root, 'src/popup/popup.html'), path.join(outdir, FILES.popupHtml));
  await cp(path.join(root, 'src/popup/popup.css'), path.join(outdir, 'popup/popup.css'));
  await mkdir(path.join(outdir, 'confirm'), { recursive: true });
  await cp(path.join(root, 'src/confirm/confirm.html'), path.join(outdir, 'confirm/confirm.html'));
  await cp(path.join(root, 'src/confirm/confirm.css'), path.join(outdir, 'confirm/confirm.css'));
  await cp(path.join(root, 'src/consent/consent.html'), path.join(outdir, FILES.consentHtml));
  await cp(path.join(root, 'src/consent/consent.css'), path.join(outdir, 'consent/consent.css'));
  await mkdir(path.join(outdir, 'options'), { recursive: true });
  await cp(path.join(root, 'src/options/options.html'), path.join(outdir, FILES.optionsHtml));
  await cp(path.join(root, 'src/options/options.css'), path.join(outdir, 'options/options.css'));
  for (const [size, file] of Object.entries(FILES.icons)) await writeFile(path.join(outdir, file), iconPng(Number(size)));
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(buildManifest(target, cfg), null, 2)}\n`);
}

async function zipDir(dir: string): Promise<Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  const walk = async (rel: string) => {
    for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(r);
      else files[r] = new Uint8Array(await readFile(path.join(dir, r)));
    }
  };
  await walk('');
  return zipSync(files, { level: 9, mtime: new Date('2025-01-01T00:00:00Z') });
}

process.chdir(root);
await rm(dist, { recursive: true, force: true });
for (const target of targets) {
  await writeStatic(target);
  if (watch) {
    for (const o of options(target)) await (await esbuild.context(o)).watch();
    await buildAnalyzer(target, common(target)); // once: the analyzer is not watched
  } else {
    await Promise.all([...options(target).map((o) => esbuild.build(o)), buildAnalyzer(target, common(target))]);
    const oversized = await oversizedFiles(path.join(dist, target));
    if (oversized.length > 0) {
      throw new Error(
        `dist/${target}: ${oversized.map((f) => `${f.file} is ${f.bytes} bytes`).join(', ')}; no file may exceed ${MAX_FILE_BYTES} bytes (Firefox's add-on linter does not parse larger files)`,
      );
    }
    const zipPath = path.join(dist, `mediadiet-${target}-${cfg.version}.zip`);
    await writeFile(zipPath, await zipDir(path.join(dist, target)));
    console.info(`built ${path.relative(root, path.join(dist, target))} and ${path.relative(root, zipPath)}`);
  }
}
console.info(`api ${cfg.apiBase} · web ${cfg.webOrigin} · dwell ${cfg.dwellMs} ms${watch ? ' · watching' : ''}`);
