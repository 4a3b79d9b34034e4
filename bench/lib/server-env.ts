/** The session secret of every server the bench starts (sign-in tokens are made for it). */
export const BENCH_SECRET = 'bench-only-secret-0123456789abcdefghijklmnop';

/**
 * The environment of a production server the bench starts on `port` of the loopback interface: warnings only,
 * sign-in mails logged instead of sent, the bench's session secret; `env` on top.
 */
export function benchServerEnv(port: number, env: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    MAIL_LOG_ONLY: 'true',
    SESSION_SECRET: BENCH_SECRET,
    ...env,
  };
}
