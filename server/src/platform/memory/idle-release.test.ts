import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { releaseMemory, releaseMemoryWhenIdle } from "./idle-release.ts";
import { type Collect, collector } from "./young-garbage.ts";

const memoryReducing = { type: "major", execution: "sync", flavor: "last-resort" } as const;

describe("releaseMemoryWhenIdle", () => {
  let collections: Parameters<Collect>[0][];
  const collect: Collect = (options) => void collections.push(options);
  const start = () =>
    releaseMemoryWhenIdle(
      5_000,
      () => releaseMemory(collect, () => true),
      () => Date.now(),
    );

  beforeEach(() => {
    collections = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("asks for one memory-reducing collection once a started server has been quiet for 5 s", () => {
    const idle = start();
    vi.advanceTimersByTime(4_999);
    expect(collections).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(collections).toEqual([memoryReducing]);
    vi.advanceTimersByTime(60_000);
    expect(collections).toHaveLength(1);
    idle.stop();
  });

  it("waits while requests come and go, then collects once 5 s after the last", () => {
    const idle = start();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(1_000);
      idle.touch();
    }
    expect(collections).toEqual([]);
    vi.advanceTimersByTime(4_999);
    expect(collections).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(collections).toHaveLength(1);
    idle.stop();
  });

  it("collects again after the next busy spell, and not at all once stopped", () => {
    const idle = start();
    vi.advanceTimersByTime(5_000);
    idle.touch();
    vi.advanceTimersByTime(5_000);
    expect(collections).toHaveLength(2);
    idle.touch();
    idle.stop();
    vi.advanceTimersByTime(60_000);
    expect(collections).toHaveLength(2);
  });
});

describe("releaseMemory", () => {
  it("trims malloc after the collection, which is what frees the buffers' memory", () => {
    const steps: string[] = [];
    releaseMemory(
      (options) => void steps.push(`collect ${options.flavor}`),
      () => steps.push("trim") > 0,
    );
    expect(steps).toEqual(["collect last-resort", "trim"]);
  });
});

describe("the collection it asks for", () => {
  it("gives the pages of freed objects back, where a regular full collection keeps most of them", () => {
    const MiB = 1024 * 1024;
    const collect = collector();
    // Tests share this process: start from a heap holding only what is alive, so that the strings below must grow it.
    collect(memoryReducing);
    const before = process.memoryUsage().heapTotal;
    let garbage: string[][] | undefined = Array.from({ length: 200 }, (_, i) => Array.from({ length: 5_000 }, (_, j) => `row ${i} ${j}`));
    expect(process.memoryUsage().heapTotal - before).toBeGreaterThan(60 * MiB);
    expect(garbage).toHaveLength(200);
    garbage = undefined;
    collect(memoryReducing);
    // A regular one (`{ type: "major" }`) left the heap 64 MiB above where it started.
    expect(process.memoryUsage().heapTotal - before).toBeLessThan(20 * MiB);
  });
});
