// Streaming a large file allocates a buffer for every socket or disk read (64 KiB each). V8 frees young buffers in a
// scavenge, but scavenges follow the allocation of JS objects, which is tiny per chunk; so the buffers pile up as
// external memory until V8 starts a full mark-compact of the whole heap, about every 40 MB streamed (30-40 ms each
// with the server's heap: 0.7 s of every GiB uploaded). Asking for a young-generation collection every few MiB frees
// them while they are young, for about a millisecond each.
import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

/** V8's gc extension: `last-resort` is the memory-reducing full collection, which also gives emptied pages back. */
export type Collect = (options: { type: "minor" | "major"; execution?: "sync" | "async"; flavor?: "regular" | "last-resort" }) => void;

const DEFAULT_EVERY_BYTES = 8 * 1024 * 1024;

let collect: Collect | undefined;

/** V8's collector, made available to this process the first time it is asked for. */
export function collector(): Collect {
  if (!collect) {
    // The gc function exists only in contexts created once the flag is set; it is not put on this context's global.
    setFlagsFromString("--expose-gc");
    collect = runInNewContext("gc") as Collect;
  }
  return collect;
}

/**
 * A meter for one stream: call it with each chunk's size; it collects young garbage every `everyBytes`. A buffer that
 * lives across two collections is moved to the old generation, which only a full collection frees: `everyBytes`
 * must be well above what the stream holds at once.
 */
export function youngGarbageMeter(everyBytes = DEFAULT_EVERY_BYTES): (bytes: number) => void {
  const collectNow = collector();
  let sinceCollection = 0;
  return (bytes) => {
    sinceCollection += bytes;
    if (sinceCollection < everyBytes) return;
    sinceCollection = 0;
    collectNow({ type: "minor" });
  };
}

/**
 * For long work whose garbage outlives young collections anyway (what a page held while its bytes waited for a
 * compressor): a full collection every `everyCalls` calls, before the old generation grows by the hundreds of MiB V8
 * would let it, whose pages it then keeps.
 */
export function fullCollectionEvery(everyCalls: number): () => void {
  const collectNow = collector();
  let calls = 0;
  return () => {
    calls += 1;
    if (calls % everyCalls === 0) collectNow({ type: "major" });
  };
}

/**
 * For long work whose garbage grows with its input (a sheet of any number of rows): a full collection once V8's heap
 * holds `budgetBytes` more than after the last one, looked at every `checkEvery` calls. The heap then stays within
 * that budget of what the work keeps alive, and a small input costs no collection at all.
 */
export function fullCollectionPast(
  budgetBytes: number,
  { checkEvery = 1000, collectNow = collector(), heapUsed = () => getHeapStatistics().used_heap_size } = {},
): () => void {
  let calls = 0;
  let base = heapUsed();
  return () => {
    calls += 1;
    if (calls % checkEvery !== 0 || heapUsed() - base < budgetBytes) return;
    collectNow({ type: "major" });
    base = heapUsed();
  };
}
