// `node scripts/parallel.mjs lint typecheck`: runs the named npm scripts at the same time and prints each one's
// output in one piece when it ends (so the logs do not interleave). Exits non-zero if any failed, after all ended.
// Used by `npm test` for lint and typecheck: each is one single-threaded process, so on two cores together they
// take about as long as the longer of the two.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>…');
  process.exit(2);
}

const results = await Promise.all(
  scripts.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
        const chunks = [];
        child.stdout.on('data', (chunk) => chunks.push(chunk));
        child.stderr.on('data', (chunk) => chunks.push(chunk));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          const status = code === 0 ? 'passed' : `failed (${code ?? signal})`;
          process.stdout.write(`\n=== npm run ${name}: ${status} in ${seconds} s\n${Buffer.concat(chunks).toString()}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
