import { constants, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { fullCollectionEvery, youngGarbageMeter } from "./young-garbage.ts";

const MiB = 1024 * 1024;

/** Collections of one kind (minor: scavenges; major: the whole heap) seen while `body` runs. */
async function collectionsDuring(body: () => void, kind = constants.NODE_PERFORMANCE_GC_MINOR): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === kind) count++;
    }
  });
  observer.observe({ entryTypes: ["gc"] });
  body();
  // Entries are delivered asynchronously.
  await sleep(50);
  observer.disconnect();
  return count;
}

describe("youngGarbageMeter", () => {
  it("asks for a young-generation collection every 8 MiB streamed", async () => {
    const meter = youngGarbageMeter();
    // Metering allocates almost nothing, so V8 would not collect on its own during this loop.
    const streamed = await collectionsDuring(() => {
      for (let sent = 0; sent < 64 * MiB; sent += 64 * 1024) meter(64 * 1024);
    });
    expect(streamed).toBeGreaterThanOrEqual(8);
  });
});

describe("fullCollectionEvery", () => {
  it("collects the whole heap on every fifth call, and not on the others", async () => {
    const collect = fullCollectionEvery(5);
    const fourCalls = await collectionsDuring(() => {
      for (let call = 0; call < 4; call++) collect();
    }, constants.NODE_PERFORMANCE_GC_MAJOR);
    const sixMore = await collectionsDuring(() => {
      for (let call = 0; call < 6; call++) collect();
    }, constants.NODE_PERFORMANCE_GC_MAJOR);
    expect(fourCalls).toBe(0);
    expect(sixMore).toBe(2);
  });
});
