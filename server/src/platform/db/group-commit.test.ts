import { describe, expect, it } from "vitest";
import { groupCommit, type ItemOutcome } from "./group-commit.ts";

/** A writer that records its batches and holds each one until released. */
function recordingWriter(answer: (item: number) => ItemOutcome<string> = (item) => ({ ok: true, value: `stored ${item}` })) {
  const batches: { key: string; items: number[]; release: () => void }[] = [];
  const write = groupCommit<number, string>({
    maxBatch: 3,
    writeBatch: (key, items) =>
      new Promise((resolve, reject) => {
        const release = () => (items.includes(-1) ? reject(new Error("database down")) : resolve(items.map(answer)));
        batches.push({ key, items, release });
      }),
  });
  return { write, batches };
}

const nextPhase = () => new Promise((resolve) => setImmediate(resolve));
/** Long enough for a new batch to stop gathering (it waits while each event-loop phase brings more items). */
async function settle() {
  for (let phase = 0; phase < 12; phase++) await nextPhase();
}

describe("group commit", () => {
  it("writes what arrives together as one batch, then what arrived meanwhile as the next, at most maxBatch each", async () => {
    const { write, batches } = recordingWriter();
    const first = write("tenant-a", 1);
    const sameTurn = write("tenant-a", 6);
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 6]]);

    const waiting = [2, 3, 4, 5].map((item) => write("tenant-a", item));
    await settle();
    expect(batches).toHaveLength(1);
    batches[0]?.release();
    expect(await first).toBe("stored 1");
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([
      [1, 6],
      [2, 3, 4],
    ]);
    batches[1]?.release();
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 6], [2, 3, 4], [5]]);
    batches[2]?.release();
    expect(await Promise.all(waiting)).toEqual(["stored 2", "stored 3", "stored 4", "stored 5"]);
    expect(await sameTurn).toBe("stored 6");
  });

  it("gathers a burst whose items arrive over several event-loop phases into one batch", async () => {
    const { write, batches } = recordingWriter();
    void write("t", 1);
    await nextPhase();
    void write("t", 2);
    await nextPhase();
    void write("t", 3);
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3]]);
  });

  it("keeps keys apart: another tenant's item does not wait for this one's batch", async () => {
    const { write, batches } = recordingWriter();
    void write("tenant-a", 1);
    void write("tenant-b", 2);
    await settle();
    expect(batches.map((batch) => [batch.key, batch.items])).toEqual([
      ["tenant-a", [1]],
      ["tenant-b", [2]],
    ]);
  });

  it("answers each item its own outcome, a refusal only to its item", async () => {
    const { write, batches } = recordingWriter((item) =>
      item === 3 ? { ok: false, error: new Error("bad answer") } : { ok: true, value: `stored ${item}` },
    );
    void write("t", 1).catch(() => {});
    await settle();
    const results = [2, 3, 4].map((item) => write("t", item).then(String, (error: Error) => error.message));
    batches[0]?.release();
    await settle();
    batches[1]?.release();
    expect(await Promise.all(results)).toEqual(["stored 2", "bad answer", "stored 4"]);
  });

  it("retries every item of a failed batch alone, so one item's database error fails only that item", async () => {
    const { write, batches } = recordingWriter();
    void write("t", 1).catch(() => {});
    await settle();
    const results = [2, -1, 4].map((item) => write("t", item).then(String, (error: Error) => error.message));
    batches[0]?.release();
    await settle();
    batches[1]?.release(); // [2, -1, 4] fails as a whole
    for (let alone = 2; alone <= 4; alone++) {
      await settle();
      batches[alone]?.release();
    }
    expect(batches.slice(1).map((batch) => batch.items)).toEqual([[2, -1, 4], [2], [-1], [4]]);
    expect(await Promise.all(results)).toEqual(["stored 2", "database down", "stored 4"]);
  });
});
