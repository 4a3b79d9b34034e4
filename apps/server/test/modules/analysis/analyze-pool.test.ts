import { readdir, readFile } from 'node:fs/promises';
import { analyze, type AnalyzeInput } from '@mediadiet/analyzer';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AnalyzerThreadError,
  createAnalyzePool,
  type AnalyzePool,
} from '../../../src/modules/analysis/analyze-pool.ts';

/** The analyzer thread pool (decision 061): same answers as inline, and a dying thread costs one task. */

const crashingThread = new URL('../../helpers/crashing-analyze-thread.ts', import.meta.url);
const slowStartThread = new URL('../../helpers/slow-start-analyze-thread.ts', import.meta.url);
const pools: AnalyzePool[] = [];
const pool = (options: Parameters<typeof createAnalyzePool>[0]) => {
  const created = createAnalyzePool(options);
  pools.push(created);
  return created;
};
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The nice value of every thread of this process (Linux: /proc/self/task/<tid>/stat, field 19). */
async function threadNiceValues(): Promise<number[]> {
  const tids = await readdir('/proc/self/task');
  const values = await Promise.all(
    tids.map(async (tid) => {
      const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => null);
      // Fields after the command name (which may hold spaces): state is the first, nice the 17th.
      return stat === null ? null : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    }),
  );
  return values.filter((nice): nice is number => nice !== null);
}

const PAGES: AnalyzeInput[] = [
  {
    title: 'Calm',
    text: 'Breathe slowly, make a pot of tea and let the afternoon unfold; this gentle routine calms the mind.',
  },
  {
    title: 'Outrage',
    text: 'Officials ignored the warnings again. Residents are furious, and the outrage over the cover-up keeps growing.',
    url: 'https://news.example.org/outrage',
  },
  {
    title: 'Fear, personalised',
    text: 'Experts fear the storm could flood the valley tonight; families are anxious and afraid for their homes.',
    profile: { sensitivities: { anxiety: 0.9, hope: 0.1 } },
  },
  { text: 'The volunteers planted a hundred trees and the whole street came out to thank them. '.repeat(40) },
  { text: '' },
];

describe('analyzer thread pool', () => {
  it('answers exactly what analyze() answers inline, for many pages at once', async () => {
    const threads = pool({ size: 2 });
    const inputs = Array.from({ length: 12 }, (_, i) => PAGES[i % PAGES.length]!);
    const results = await Promise.all(inputs.map((input) => threads.analyze(input)));
    results.forEach((result, i) => expect(result).toEqual(analyze(inputs[i]!)));
    expect(threads.threadCount()).toBe(2);
  });

  it('a thread that dies fails only the task it was running; the tasks behind it and later ones succeed', async () => {
    const errors: Error[] = [];
    const threads = pool({ size: 1, threadUrl: crashingThread, onThreadError: (e) => errors.push(e) });
    const before = threads.analyze(PAGES[0]!);
    const crash = threads.analyze({ text: 'CRASH_THREAD now' }).catch((error: unknown) => error);
    const behind = [threads.analyze(PAGES[1]!), threads.analyze(PAGES[2]!)];
    expect(await before).toEqual(analyze(PAGES[0]!));
    const error = await crash;
    expect(error).toBeInstanceOf(AnalyzerThreadError);
    expect((error as Error).message).toBe('analyzer thread stopped: exit code 70');
    expect(await Promise.all(behind)).toEqual([analyze(PAGES[1]!), analyze(PAGES[2]!)]);
    expect(errors).toHaveLength(1);
    // Replaced: the pool keeps working with one live thread.
    expect(await threads.analyze(PAGES[3]!)).toEqual(analyze(PAGES[3]!));
    expect(threads.threadCount()).toBe(1);
  });

  it('an analyzer error rejects its task only and keeps the thread', async () => {
    const threads = pool({ size: 1, threadUrl: crashingThread });
    const failing = threads.analyze({ text: 'THROW_IN_ANALYZER' }).catch((error: unknown) => error);
    const fine = threads.analyze(PAGES[0]!);
    const error = await failing;
    expect((error as Error).message).toBe('analyzer rejected the page');
    expect(error).not.toBeInstanceOf(AnalyzerThreadError);
    expect(await fine).toEqual(analyze(PAGES[0]!));
    expect(threads.threadCount()).toBe(1);
  });

  it('ends a thread whose task overruns the time limit', async () => {
    const threads = pool({ size: 1, threadUrl: crashingThread, taskTimeoutMs: 3_000 });
    const hang = threads.analyze({ text: 'HANG_THREAD' }).catch((error: unknown) => error);
    const behind = threads.analyze(PAGES[1]!);
    expect(await hang).toMatchObject({
      name: 'AnalyzerThreadError',
      message: 'analyzer thread stopped: analysis took longer than 3000 ms',
    });
    expect(await behind).toEqual(analyze(PAGES[1]!));
  });

  it("does not count a thread's start-up against a page's time limit", async () => {
    // The thread takes 1.5 s to load; the page's own limit is 0.5 s.
    const threads = pool({ size: 1, threadUrl: slowStartThread, taskTimeoutMs: 500 });
    expect(await threads.analyze(PAGES[1]!)).toEqual(analyze(PAGES[1]!));
  });

  it('ends a thread that does not load within the start-up limit', async () => {
    const threads = pool({ size: 1, threadUrl: slowStartThread, taskTimeoutMs: 100, startTimeoutMs: 200 });
    expect(await threads.analyze(PAGES[1]!).catch((error: unknown) => error)).toMatchObject({
      name: 'AnalyzerThreadError',
      message: 'analyzer thread stopped: the analyzer did not load within 200 ms',
    });
  });

  it('warm() starts every thread and loads the analyzer before the first page', async () => {
    const threads = pool({ size: 2 });
    expect(threads.threadCount()).toBe(0);
    await threads.warm();
    expect(threads.threadCount()).toBe(2);
    // The threads are ready: a page is answered as inline, by one of them (none is started for it).
    expect(await threads.analyze(PAGES[1]!)).toEqual(analyze(PAGES[1]!));
    expect(threads.threadCount()).toBe(2);
  });

  it('close() ends the threads and rejects what is pending', async () => {
    const threads = pool({ size: 1 });
    await threads.analyze(PAGES[0]!);
    const pending = threads.analyze(PAGES[3]!).catch((error: unknown) => error);
    await threads.close();
    expect(await pending).toMatchObject({ message: 'analyzer pool closed' });
    expect(threads.threadCount()).toBe(0);
    await expect(threads.analyze(PAGES[0]!)).rejects.toThrow('analyzer pool closed');
  });

  // A nice value is per thread on Linux only (the servers and CI run there).
  it.runIf(process.platform === 'linux')(
    'with `nice`, each analyzer thread lowers its own priority and the rest of the process keeps its own',
    async () => {
      const at19 = async () => (await threadNiceValues()).filter((nice) => nice === 19).length;
      const before = await at19();
      const main = (await threadNiceValues()).length;

      const plain = pool({ size: 1 });
      await plain.analyze(PAGES[0]!);
      expect(await at19()).toBe(before);

      const low = pool({ size: 2, nice: 19 });
      // Two tasks at once: the second starts the second thread.
      const answers = await Promise.all([low.analyze(PAGES[0]!), low.analyze(PAGES[1]!)]);
      expect(answers).toEqual([analyze(PAGES[0]!), analyze(PAGES[1]!)]);
      expect(low.threadCount()).toBe(2);
      expect(await at19()).toBe(before + 2);
      expect((await threadNiceValues()).length).toBeGreaterThanOrEqual(main + 2);
    },
  );
});
