import { afterAll, beforeAll } from 'vitest';

/** What a test builds and must close again: an app, a database. */
interface Closable {
  close(): Promise<void>;
}

/**
 * One `what` for the test file or `describe` block this is called in: made by `create` before its first test and
 * closed after its last (Vitest's `beforeAll` / `afterAll`). The object it returns reads its `keys` through to
 * the one made, so a file declares `const t = …` at the top and uses `t.app`, `t.db`, … in its hooks and tests
 * (reading one earlier throws).
 */
export function sharedBetweenTests<T extends Closable, K extends keyof T>(
  what: string,
  create: () => Promise<T>,
  keys: readonly K[],
): Pick<T, K> {
  let current: T | undefined;
  beforeAll(async () => {
    current = await create();
  });
  afterAll(async () => {
    await current?.close();
  });
  const view = {} as Pick<T, K>;
  for (const key of keys) {
    Object.defineProperty(view, key, {
      enumerable: true,
      get: () => {
        if (!current) throw new Error(`${what} is built in beforeAll: read it inside a hook or a test.`);
        return current[key];
      },
    });
  }
  return view;
}

/** Hands what `opening` opens to `use`, and closes it after, even when `use` fails. */
export async function closedAfter<R extends Closable, T>(opening: Promise<R>, use: (opened: R) => Promise<T>): Promise<T> {
  const opened = await opening;
  try {
    return await use(opened);
  } finally {
    await opened.close();
  }
}
