// Group commit: writes that arrive while an earlier batch of the same key is being written wait for it and then go
// together, in one transaction. A new batch starts once an event-loop phase brings no further item (no timer); under
// a burst the transactions, their commits and the locks on shared rows are paid once a batch instead of once a write,
// which is what keeps a burst of submissions on one survey from queueing one by one behind its counters.

/** What a batch answers for each of its items, in their order: a value or the error that item alone is refused with. */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

/** The most event-loop phases a new batch waits for further items (each costs one I/O poll, well under a millisecond). */
const MAX_GATHER_PHASES = 8;

type Waiting<I, R> = { item: I; resolve: (value: R) => void; reject: (error: unknown) => void };

export function groupCommit<I, R>(options: {
  /** Writes the items in one transaction. A throw fails the whole batch; each item is then retried on its own. */
  writeBatch: (key: string, items: I[]) => Promise<ItemOutcome<R>[]>;
  maxBatch: number;
}): (key: string, item: I) => Promise<R> {
  const queues = new Map<string, Waiting<I, R>[]>();

  function settle(batch: Waiting<I, R>[], outcomes: ItemOutcome<R>[]): void {
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index] ?? { ok: false, error: new Error("The batch answered no outcome for this item") };
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }

  async function writeAlone(key: string, waiting: Waiting<I, R>): Promise<void> {
    try {
      settle([waiting], await options.writeBatch(key, [waiting.item]));
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function drain(key: string, queue: Waiting<I, R>[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, options.maxBatch);
      try {
        settle(
          batch,
          await options.writeBatch(
            key,
            batch.map((waiting) => waiting.item),
          ),
        );
      } catch (error) {
        // One item's database error must not fail the others: each goes again alone.
        const [only, ...others] = batch;
        if (only && others.length === 0) only.reject(error);
        else for (const waiting of batch) await writeAlone(key, waiting);
      }
    }
    queues.delete(key);
  }

  return (key, item) =>
    new Promise<R>((resolve, reject) => {
      const queued = queues.get(key);
      if (queued) {
        queued.push({ item, resolve, reject });
        return;
      }
      const queue = [{ item, resolve, reject }];
      queues.set(key, queue);
      // Started once an I/O phase of the event loop brings no further item (a few phases at most), so that the
      // requests of a burst join one batch instead of the first going alone and the rest waiting for it. An embedded
      // database (PGlite) runs a whole transaction without yielding to I/O: started at once, every batch would hold
      // one item.
      let seen = 0;
      let phases = 0;
      const startWhenQuiet = () => {
        if (queue.length > seen && phases < MAX_GATHER_PHASES && queue.length < options.maxBatch) {
          seen = queue.length;
          phases++;
          setImmediate(startWhenQuiet);
          return;
        }
        void drain(key, queue);
      };
      setImmediate(startWhenQuiet);
    });
}
