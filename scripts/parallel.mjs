// `node scripts/parallel.mjs test:checks test:e2e`: runs the named npm scripts at the same time, prints each
// line of their output as it comes, prefixed with the script's name, and a summary when all have ended. Exits
// non-zero if any failed, after all ended.
// `npm test` runs lint and typecheck side by side (each is one single-threaded process), and the end-to-end
// layer beside the others: its journeys mostly wait on the browser and the servers, so on two cores the
// checks, unit and integration tests use the time it leaves idle (decision 150).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>…');
  process.exit(2);
}

const width = Math.max(...scripts.map((name) => name.length));

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const prefix = `${name.padEnd(width)} │ `;
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        for (const stream of [child.stdout, child.stderr]) {
          createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
            process.stdout.write(`${prefix}${line}\n`);
          });
        }
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const status = code === 0 ? 'passed' : `failed (${code ?? signal})`;
          resolve({ name, ok: code === 0, line: `npm run ${name}: ${status} in ${seconds} s` });
        });
      }),
  ),
);
process.stdout.write(`\n${results.map((r) => `=== ${r.line}`).join('\n')}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
