import { spawn, type ChildProcess } from 'node:child_process';
import { serverRoot } from '../../src/paths.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** The port it listens on, read from its start-up line; rejects if it exits first. */
  port: Promise<number>;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  output(): string;
}

/**
 * `src/server.ts` as a child process (tsx) on a free loopback port, for tests that kill it: `inherited` (this
 * process's environment, or a trimmed copy), then the fixed test settings, then the test's own `env`.
 * `preload`: modules `--import`ed before the server.
 */
export function spawnServer(
  args: string[],
  inherited: NodeJS.ProcessEnv,
  env: Record<string, string>,
  preload: string[] = [],
): ServerProcess {
  const imports = preload.flatMap((file) => ['--import', file]);
  const child = spawn(process.execPath, ['--import', 'tsx', ...imports, 'src/server.ts', ...args], {
    cwd: serverRoot,
    env: { ...inherited, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /is running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  port.catch(() => {});
  return { child, port, exited, output: () => output };
}

/**
 * The server processes of a test file: `start` spawns one (spawnServer) with this process's environment but its
 * DATABASE_URL (the test's `env` names the database; PGlite otherwise), and `killAll` SIGKILLs those still
 * running, for the file's after hooks.
 */
export function serverProcesses(): {
  start: (env: Record<string, string>, preload?: string[]) => ServerProcess;
  killAll: () => void;
} {
  const children: ChildProcess[] = [];
  return {
    start(env, preload = []) {
      const { DATABASE_URL: _ignored, ...inherited } = process.env;
      const server = spawnServer([], inherited, env, preload);
      children.push(server.child);
      return server;
    },
    killAll() {
      for (const child of children.splice(0))
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
