import { describe, expect, it, vi } from "vitest";
import { runsOnGlibc } from "./glibc.ts";
import { trimMalloc } from "./malloc-trim.ts";
import { collector } from "./young-garbage.ts";

const MiB = 1024 * 1024;
const resident = () => process.memoryUsage().rss;

describe.runIf(runsOnGlibc())("trimMalloc on glibc", () => {
  it("loads malloc_trim through koffi", () => {
    expect(trimMalloc()).toBe(true);
  });

  it("gives back the free memory between buffers that outlived their neighbours, which malloc keeps", async () => {
    const collect = collector();
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    trimMalloc();
    const buffersBefore = process.memoryUsage().arrayBuffers;
    // 200 MB in small buffers, each from malloc's heap; one in 64 stays, so no stretch at the top is free as a whole.
    let buffers: Buffer[] | undefined = Array.from({ length: 200_000 }, (_, i) => Buffer.alloc(1_000 + (i % 50)));
    const kept = buffers.filter((_, i) => i % 64 === 0);
    buffers = undefined;
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    // V8 frees a collected buffer's memory on a background thread.
    await vi.waitFor(() => expect(process.memoryUsage().arrayBuffers - buffersBefore).toBeLessThan(20 * MiB), { timeout: 10_000 });
    const freedButKept = resident();

    expect(trimMalloc()).toBe(true);

    expect(freedButKept - resident()).toBeGreaterThan(100 * MiB);
    expect(kept).toHaveLength(3_125);
  });
});
