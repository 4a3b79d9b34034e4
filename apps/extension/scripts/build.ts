/**
 * `npm run build -w apps/extension`: bundles with esbuild into dist/chrome and dist/firefox, writes each
 * manifest from src/manifest.ts, draws the icons and zips both folders (fflate; no system `zip`).
 * `--watch` rebuilds on change (no zips). Config: MEDIADIET_API_BASE, MEDIADIET_WEB_ORIGIN, MEDIADIET_DWELL_MS.
 * MEDIADIET_EXTENSION_OUT writes elsewhere than dist/ and `--target chrome|firefox` builds one browser
 * (the end-to-end tests build a copy pointed at their own server).
 */
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import { zipSync, zlibSync } from 'fflate';
import { configFromEnv } from '../src/config.ts';
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

function options(target: Target): esbuild.BuildOptions[] {
  const outdir = path.join(dist, target);
  const common: esbuild.BuildOptions = {
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
  return [
    // Chromium: an ES module service worker; Firefox: a classic background script.
    { ...common, entryPoints: { background: 'src/background.ts' }, format: target === 'chrome' ? 'esm' : 'iife', outdir },
    {
      ...common,
      entryPoints: {
        'content/capture': 'src/content/capture.ts',
        'content/bridge': 'src/content/bridge.ts',
        'popup/popup': 'src/popup/popup.ts',
        'confirm/confirm': 'src/confirm/confirm.ts',
        'consent/consent': 'src/consent/consent.ts',
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
  await cp(path.join(root, 'src/popup/popup.html'), path.join(outdir, FILES.popupHtml));
  await cp(path.join(root, 'src/popup/popup.css'), path.join(outdir, 'popup/popup.css'));
  await mkdir(path.join(outdir, 'confirm'), { recursive: true });
  await cp(path.join(root, 'src/confirm/confirm.html'), path.join(outdir, 'confirm/confirm.html'));
  await cp(path.join(root, 'src/confirm/confirm.css'), path.join(outdir, 'confirm/confirm.css'));
  await cp(path.join(root, 'src/consent/consent.html'), path.join(outdir, FILES.consentHtml));
  await cp(path.join(root, 'src/consent/consent.css'), path.join(outdir, 'consent/consent.css'));
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
  } else {
    await Promise.all(options(target).map((o) => esbuild.build(o)));
    const zipPath = path.join(dist, `mediadiet-${target}-${cfg.version}.zip`);
    await writeFile(zipPath, await zipDir(path.join(dist, target)));
    console.info(`built ${path.relative(root, path.join(dist, target))} and ${path.relative(root, zipPath)}`);
  }
}
console.info(`api ${cfg.apiBase} · web ${cfg.webOrigin} · dwell ${cfg.dwellMs} ms${watch ? ' · watching' : ''}`);
