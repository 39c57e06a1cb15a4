import { describe, expect, it } from "vitest";
import { batchesOf, importInBatches } from "./import-batches.ts";

const term = (i: number, label = `Label ${i}`) => ({ termId: `t${i}`, label, termUri: "" });

describe("import batches", () => {
  it("splits by count and keeps the order", () => {
    const items = Array.from({ length: 7 }, (_, i) => term(i));
    const batches = batchesOf(items, 3);
    expect(batches.map((batch) => batch.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(items);
  });

  it("splits by bytes, counting characters as UTF-8", () => {
    const items = [term(1, "é".repeat(40)), term(2, "é".repeat(40)), term(3, "a")];
    // One "é" is two bytes: the first two items take 120 bytes each, the last 41, so only the last two fit in 161.
    expect(batchesOf(items, 100, 161).map((batch) => batch.map((item) => item.termId))).toEqual([["t1"], ["t2", "t3"]]);
    expect(batchesOf(items, 100, 160).map((batch) => batch.map((item) => item.termId))).toEqual([["t1"], ["t2"], ["t3"]]);
  });

  it("sums the answers of the batches up, valid only when every batch was", async () => {
    const items = Array.from({ length: 5 }, (_, i) => term(i));
    const sent: number[] = [];
    const result = await importInBatches(items, async (batch) => {
      sent.push(batch.length);
      const refused = batch.filter((item) => item.termId === "t3");
      return {
        valid: refused.length === 0,
        imported: batch.length - refused.length,
        errors: refused.map((item) => `Term '${item.termId}' was not imported`),
      };
    });
    expect(sent).toEqual([5]);
    expect(result).toEqual({ valid: false, imported: 4, errors: ["Term 't3' was not imported"] });
  });
});
