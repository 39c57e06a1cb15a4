// An idle server gives back the memory its last busy moment grew. V8 keeps the heap pages a start, an import or an
// upload filled, and only a memory-reducing full collection returns them to the system; browsers ask for one when a
// tab goes idle, Node never does. So once no request has started or ended for a few seconds, the server asks for one
// (issue 15 §2: 64 MiB of heap where 132 MiB stayed resident after a start). Then malloc gives back what it holds
// free (malloc-trim.ts: about 40 MiB after the footprint workload). Only once per quiet spell, and a request that
// arrives meanwhile waits for it (tens of milliseconds).
import { trimMalloc } from "./malloc-trim.ts";
import { type Collect, collector } from "./young-garbage.ts";

export const IDLE_AFTER_MS = 5_000;

export type IdleRelease = {
  /** A request started or ended: the server is busy again, and will release once it has been quiet. */
  touch(): void;
  stop(): void;
};

/** V8's memory-reducing collection, then malloc's free pages: what the collection freed of buffers is among them. */
export function releaseMemory(collect: Collect = collector(), trim: () => boolean = trimMalloc): void {
  collect({ type: "major", execution: "sync", flavor: "last-resort" });
  trim();
}

/** Starts counting at once: a server just started is busy until it has been quiet for `idleAfterMs`. */
export function releaseMemoryWhenIdle(
  idleAfterMs = IDLE_AFTER_MS,
  release: () => void = releaseMemory,
  now: () => number = () => performance.now(),
): IdleRelease {
  let lastActivity = now();
  let timer: NodeJS.Timeout | undefined;
  const wait = (ms: number) => {
    timer = setTimeout(check, ms);
    timer.unref();
  };
  const check = () => {
    const quietFor = now() - lastActivity;
    if (quietFor < idleAfterMs) return wait(idleAfterMs - quietFor);
    timer = undefined;
    release();
  };
  wait(idleAfterMs);
  return {
    touch() {
      lastActivity = now();
      // One timer at a time: a touch while one is pending only moves the time it compares against.
      if (!timer) wait(idleAfterMs);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
