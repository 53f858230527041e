import { describe, expect, it } from "vitest";
import { createLanes } from "./lanes";

/** A runner whose batches finish only when the test says so, recording what each call was given. */
function controlled() {
  const calls: Array<{ kind: "many" | "one"; items: number[]; finish: () => void; fail: (e: Error) => void }> = [];
  const record = (kind: "many" | "one", items: number[]) =>
    new Promise<void>((resolve, reject) => calls.push({ kind, items, finish: resolve, fail: reject }));
  return {
    calls,
    many: async (items: number[]) => {
      await record("many", items);
      return items.map((n) => n * 10);
    },
    one: async (item: number) => {
      await record("one", [item]);
      return item * 10;
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createLanes", () => {
  it("sends an item alone when its lane is idle, and what queued meanwhile as one batch, in order", async () => {
    const r = controlled();
    const run = createLanes({ lanes: 1, maxBatch: 10, many: r.many, one: r.one });
    const first = run("a", 1);
    const rest = [run("b", 2), run("a", 3), run("c", 4)];
    await settle();
    expect(r.calls.map((c) => [c.kind, c.items])).toEqual([["one", [1]]]);
    r.calls[0]!.finish();
    await settle();
    expect(r.calls.map((c) => [c.kind, c.items])).toEqual([
      ["one", [1]],
      ["many", [2, 3, 4]],
    ]);
    r.calls[1]!.finish();
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  });

  it("takes at most maxBatch items per batch", async () => {
    const seen: number[][] = [];
    const run = createLanes({
      lanes: 1,
      maxBatch: 3,
      many: async (items: number[]) => (seen.push(items), items),
      one: async (item: number) => (seen.push([item]), item),
    });
    const all = Promise.all([1, 2, 3, 4, 5, 6, 7, 8].map((n) => run("k", n)));
    expect(await all).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(seen).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
  });

  it("never runs two batches of one key at once, and runs other lanes meanwhile", async () => {
    let running = 0;
    let most = 0;
    const keysRunning = new Set<string>();
    let overlapOfOneKey = false;
    const work = async (items: string[]) => {
      running++;
      most = Math.max(most, running);
      for (const k of new Set(items)) {
        if (keysRunning.has(k)) overlapOfOneKey = true;
        keysRunning.add(k);
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
      for (const k of new Set(items)) keysRunning.delete(k);
      running--;
      return items;
    };
    const run = createLanes({ lanes: 4, maxBatch: 5, many: work, one: async (k: string) => (await work([k]))[0]! });
    const keys = Array.from({ length: 200 }, (_, i) => `member-${i % 13}`);
    expect(await Promise.all(keys.map((k) => run(k, k)))).toEqual(keys);
    expect(overlapOfOneKey).toBe(false);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(4);
  });

  it("does a failed batch again item by item, so that a bad item fails alone", async () => {
    const singles: number[] = [];
    const run = createLanes({
      lanes: 1,
      maxBatch: 10,
      many: async (items: number[]) => {
        if (items.includes(13)) throw new Error("batch refused");
        return items;
      },
      one: async (item: number) => {
        singles.push(item);
        if (item === 13) throw new Error("thirteen");
        return item;
      },
    });
    const results = await Promise.allSettled([1, 2, 13, 4].map((n) => run("k", n)));
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([1, 2, "thirteen", 4]);
    // 1 ran alone; 2, 13 and 4 queued as one batch, which failed and was done again in order.
    expect(singles).toEqual([1, 2, 13, 4]);
  });

  it("does a batch again item by item when it answers the wrong number of items or throws at once", async () => {
    for (const many of [
      async (items: number[]) => items.slice(1),
      (): Promise<number[]> => {
        throw new Error("thrown before any promise");
      },
    ]) {
      let singles = 0;
      const told: Array<[string, number]> = [];
      const run = createLanes({
        lanes: 1,
        maxBatch: 10,
        many,
        one: async (n: number) => (singles++, n),
        onBatchError: (err, size) => told.push([(err as Error).message, size]),
      });
      const first = run("k", 1);
      const rest = [2, 3, 4].map((n) => run("k", n));
      expect(await Promise.all([first, ...rest])).toEqual([1, 2, 3, 4]);
      // 1 went alone; 2, 3 and 4 as a batch, which failed and was done again one by one.
      expect(singles).toBe(4);
      expect(told).toHaveLength(1);
      expect(told[0]![1]).toBe(3);
    }
  });

  it("keeps a lane working after an item that throws at once", async () => {
    const run = createLanes({
      lanes: 1,
      maxBatch: 10,
      many: async (items: number[]) => items,
      one: (n: number): Promise<number> => {
        if (n === 0) throw new Error("zero");
        return Promise.resolve(n);
      },
    });
    await expect(run("k", 0)).rejects.toThrow("zero");
    expect(await run("k", 5)).toBe(5);
  });

  it("refuses a lane count or batch size that is not a whole number from 1", () => {
    const fn = async (x: number[]) => x;
    const one = async (x: number) => x;
    expect(() => createLanes({ lanes: 0, maxBatch: 1, many: fn, one })).toThrow(RangeError);
    expect(() => createLanes({ lanes: 1, maxBatch: 1.5, many: fn, one })).toThrow(RangeError);
  });
});
