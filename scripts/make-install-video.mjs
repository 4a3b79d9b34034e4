// Makes the wizard's 'Phase I: Install' tutorial video from the real steps, offline:
// headless Chromium (/usr/bin/chromium) with the built extension loaded takes screenshots of the browser's
// extensions page before and after the extension is added and of the extension's own popup; ffmpeg
// (apt-get install ffmpeg) turns them into a small VP9 WebM. The captions (WebVTT) are written beside it
// with the same timings. Output: apps/web/public/tutorial/install-extension.{webm,vtt}.
//
//   npm run build -w apps/extension && node scripts/make-install-video.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extensionDir = path.join(root, 'apps/extension/dist/chrome');
const outDir = path.join(root, 'apps/web/public/tutorial');
const SIZE = { width: 960, height: 600 };
/** Seconds each step stays on screen. */
const STEP_SECONDS = 5;

/** The steps: what the screenshot shows and the caption read with it. */
const steps = [
  {
    caption:
      'Step 1: Open your browser’s extensions page (chrome://extensions) and switch on Developer mode.',
    shoot: async (page) => {
      await page.goto('chrome://extensions');
      await page.locator('#devMode').click();
      await page.waitForTimeout(800);
    },
    withExtension: false,
  },
  {
    caption:
      'Step 2: Add Media Diet from the store (a local build: Load unpacked, then pick its folder). Its card appears in the list.',
    shoot: async (page) => {
      await page.goto('chrome://extensions');
      await page.waitForTimeout(800);
    },
    withExtension: true,
  },
  {
    caption:
      'Step 3: Pin it from the puzzle-piece menu. Its popup says “Not connected” until you connect it.',
    shoot: async (page, extensionId) => {
      await page.setViewportSize({ width: 360, height: 600 });
      await page.goto(`chrome-extension://${extensionId}/popup/popup.html`);
      await page.waitForFunction(() => document.getElementById('status')?.textContent !== 'Loading…', null, {
        timeout: 10_000,
      });
    },
    withExtension: true,
  },
  {
    caption: 'Step 4: Come back to this tab. We detect the extension and move on to Phase II: Connect.',
    shoot: async (page) => {
      await page.setContent(
        `<main style="font:28px system-ui;display:grid;place-items:center;height:100vh;margin:0;background:#f7f5f0;color:#1d2a2a">
          <p>Back in Media Diet: <strong>Phase II: Connect</strong> → <em>Connect Now</em></p></main>`,
      );
    },
    withExtension: false,
  },
];

async function screenshot(step, file) {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'mediadiet-video-'));
  const args = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--hide-scrollbars'];
  if (step.withExtension)
    args.push(`--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...args, '--headless=new'],
    viewport: SIZE,
  });
  try {
    let extensionId = '';
    if (step.withExtension) {
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      extensionId = new URL(worker.url()).host;
    }
    const page = context.pages()[0] ?? (await context.newPage());
    await step.shoot(page, extensionId);
    await page.screenshot({ path: file });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function vttTime(seconds) {
  const s = seconds % 60;
  const m = Math.floor(seconds / 60);
  return `00:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}.000`;
}

async function main() {
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error('Build the extension first: npm run build -w apps/extension');
  }
  const ffmpeg = spawnSync('ffmpeg', ['-version']);
  if (ffmpeg.status !== 0) throw new Error('ffmpeg is missing: apt-get update && apt-get install -y ffmpeg');
  mkdirSync(outDir, { recursive: true });
  const work = mkdtempSync(path.join(os.tmpdir(), 'mediadiet-frames-'));
  try {
    for (const [i, step] of steps.entries()) await screenshot(step, path.join(work, `step-${i + 1}.png`));
    // Each still is scaled and padded to one size, then shown STEP_SECONDS (one frame a second).
    let frame = 0;
    for (const [i] of steps.entries()) {
      for (let second = 0; second < STEP_SECONDS; second += 1) {
        frame += 1;
        const scaled = spawnSync('ffmpeg', [
          '-y',
          '-loglevel',
          'error',
          '-i',
          path.join(work, `step-${i + 1}.png`),
          '-vf',
          `scale=${SIZE.width}:${SIZE.height}:force_original_aspect_ratio=decrease,pad=${SIZE.width}:${SIZE.height}:(ow-iw)/2:(oh-ih)/2:color=0xf7f5f0`,
          path.join(work, `frame-${String(frame).padStart(3, '0')}.png`),
        ]);
        if (scaled.status !== 0) throw new Error(`ffmpeg could not scale step ${i + 1}: ${scaled.stderr}`);
      }
    }
    const video = path.join(outDir, 'install-extension.webm');
    const result = spawnSync(
      'ffmpeg',
      [
        '-y',
        '-loglevel',
        'error',
        '-framerate',
        '1',
        '-i',
        path.join(work, 'frame-%03d.png'),
        '-vf',
        'format=yuv420p',
        '-c:v',
        'libvpx-vp9',
        '-b:v',
        '0',
        '-crf',
        '40',
        '-g',
        String(STEP_SECONDS),
        '-an',
        video,
      ],
      { stdio: 'inherit' },
    );
    if (result.status !== 0) throw new Error('ffmpeg failed');
    const cues = steps
      .map(
        (step, i) =>
          `${i + 1}\n${vttTime(i * STEP_SECONDS)} --> ${vttTime((i + 1) * STEP_SECONDS)}\n${step.caption}`,
      )
      .join('\n\n');
    writeFileSync(path.join(outDir, 'install-extension.vtt'), `WEBVTT\n\n${cues}\n`);
    console.info(
      `wrote ${path.relative(root, video)} (${Math.round(statSync(video).size / 1024)} KB) and its captions`,
    );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
