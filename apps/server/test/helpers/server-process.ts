import { spawn, type ChildProcess } from 'node:child_process';
import { serverRoot } from '../../src/paths.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** The port it listens on, read from its start-up line; rejects if it exits first. */
  port: Promise<number>;
  exited: Promise<void>;
  output(): string;
}

/**
 * `src/server.ts` as a child process (tsx) on a free loopback port, for tests that kill it: `inherited` (this
 * process's environment, or a trimmed copy), then the fixed test settings, then the test's own `env`.
 */
export function spawnServer(
  args: string[],
  inherited: NodeJS.ProcessEnv,
  env: Record<string, string>,
): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts', ...args], {
    cwd: serverRoot,
    env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then(() => reject(new Error(`server exited before listening:\n${output}`)));
  });
  port.catch(() => {});
  return { child, port, exited, output: () => output };
}
