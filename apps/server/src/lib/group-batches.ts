/**
 * Group commit for concurrent calls: calls made in the same turn of the event loop, or while `concurrency`
 * batches are running, run together as one batch — one statement for many requests instead of one each. A
 * lone caller waits one turn (`setImmediate`); under load batches grow by themselves (PGlite executes a
 * statement synchronously, so without that turn concurrent requests would never meet). Nothing is kept
 * between batches (not a cache). If a batch fails, its items are run again one by one, so a bad item fails
 * alone.
 */
export interface GroupBatchOptions<T> {
  /** Most items in one batch. */
  maxItems: number;
  /** Batches running at once (1 for a single-connection database). */
  concurrency: number;
  /** An item's size (e.g. its text's bytes), for `maxWeight`. */
  weight?: (item: T) => number;
  /** Most total weight in one batch (a batch always takes at least one item). */
  maxWeight?: number;
}

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export function groupBatches<T, R>(
  run: (items: readonly T[]) => Promise<R[]>,
  options: GroupBatchOptions<T>,
): (item: T) => Promise<R> {
  const queue: Pending<T, R>[] = [];
  let active = 0;
  let scheduled = false;

  const take = (): Pending<T, R>[] => {
    const batch: Pending<T, R>[] = [];
    let weight = 0;
    while (queue.length > 0 && batch.length < options.maxItems) {
      const next = queue[0]!;
      const w = options.weight?.(next.item) ?? 0;
      if (batch.length > 0 && options.maxWeight !== undefined && weight + w > options.maxWeight) break;
      batch.push(queue.shift()!);
      weight += w;
    }
    return batch;
  };

  const settle = async (batch: Pending<T, R>[]) => {
    try {
      const results = await run(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (p) => {
          try {
            p.resolve((await run([p.item]))[0]!);
          } catch (itemError) {
            p.reject(itemError);
          }
        }),
      );
    }
  };

  const pump = () => {
    scheduled = false;
    while (active < options.concurrency && queue.length > 0) {
      const batch = take();
      active++;
      void settle(batch).finally(() => {
        active--;
        pump();
      });
    }
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && active < options.concurrency) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
