// `npm run dev`: the API server (tsx watch, port 3000) and the Vite dev server (port 5173, proxying to it).
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], { stdio: 'inherit' }),
];
const stopAll = () => procs.forEach((p) => p.exitCode === null && p.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const p of procs) p.on('exit', (code) => { stopAll(); process.exitCode = code ?? 0; });
console.info('Media Diet dev: open http://localhost:5173 (API on http://localhost:3000)');
