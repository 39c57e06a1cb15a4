import { constants, type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { youngGarbageMeter } from "./young-garbage.ts";

const MiB = 1024 * 1024;

/** Minor (scavenge) collections seen while `body` runs. */
async function minorCollectionsDuring(body: () => void): Promise<number> {
  let count = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if ((entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) count++;
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
    const streamed = await minorCollectionsDuring(() => {
      for (let sent = 0; sent < 64 * MiB; sent += 64 * 1024) meter(64 * 1024);
    });
    expect(streamed).toBeGreaterThanOrEqual(8);
  });
});
