import { hashString } from "./hash";

export interface LaneOptions<T, R> {
  /** How many batches may run at once; items of one key always share a lane. */
  lanes: number;
  /** The most items one batch takes. */
  maxBatch: number;
  /** Does a batch: one answer per item, in the items' order. */
  many: (items: T[]) => Promise<R[]>;
  /** Does one item: how a batch that failed is done again. */
  one: (item: T) => Promise<R>;
  /** Told of a batch that failed, before its items are done again one by one. */
  onBatchError?: (err: unknown, size: number) => void;
}

interface Pending<T, R> {
  item: T;
  resolve: (answer: R) => void;
  reject: (err: unknown) => void;
}

interface Lane<T, R> {
  queue: Pending<T, R>[];
  busy: boolean;
}

/**
 * Work queued in lanes and done in batches. A lane runs one batch at a time, of what was queued
 * while the last one ran (at most `maxBatch`, in the order it came): when idle an item goes alone
 * at once, under load many share one batch. Items of one key go to one lane, so two batches never
 * hold the same key's work. A batch that fails (or answers the wrong number of items) is done
 * again item by item, in order, so that a bad item fails only itself.
 */
export function createLanes<T, R>(opts: LaneOptions<T, R>): (key: string, item: T) => Promise<R> {
  if (!(Number.isInteger(opts.lanes) && opts.lanes >= 1)) throw new RangeError("lanes must be a whole number from 1");
  if (!(Number.isInteger(opts.maxBatch) && opts.maxBatch >= 1)) throw new RangeError("maxBatch must be a whole number from 1");
  const lanes: Lane<T, R>[] = Array.from({ length: opts.lanes }, () => ({ queue: [], busy: false }));

  async function doBatch(batch: Pending<T, R>[]): Promise<void> {
    if (batch.length > 1) {
      const items = batch.map((p) => p.item);
      const answers = await Promise.resolve()
        .then(() => opts.many(items))
        .then((got) => {
          if (got.length !== items.length) throw new Error(`a batch of ${items.length} got ${got.length} answers`);
          return got;
        })
        .catch((err: unknown) => {
          opts.onBatchError?.(err, items.length);
          return null;
        });
      if (answers) {
        batch.forEach((p, i) => p.resolve(answers[i]!));
        return;
      }
    }
    for (const p of batch) {
      await Promise.resolve()
        .then(() => opts.one(p.item))
        .then(p.resolve, p.reject);
    }
  }

  async function drain(lane: Lane<T, R>): Promise<void> {
    lane.busy = true;
    while (lane.queue.length > 0) await doBatch(lane.queue.splice(0, opts.maxBatch));
    lane.busy = false;
  }

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const lane = lanes[hashString(key) % lanes.length]!;
      lane.queue.push({ item, resolve, reject });
      if (!lane.busy) void drain(lane);
    });
}
