// How many Chromium renders run at once in this process: each takes a CPU core or more and hundreds of MB, so further
// renders wait their turn (in order) rather than slowing every one of them down together.
export type RenderSlots = { run<T>(work: () => Promise<T>): Promise<T> };

export function createRenderSlots(count: number): RenderSlots {
  let free = count;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
  return {
    async run(work) {
      if (free > 0) free--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
