import { describe, expect, it } from "vitest";
import { pendingRows, percentOf, type UploadRow, uploadReducer } from "./upload-state.ts";

const file = (name: string) => new File(["x"], name, { type: "image/png" });
let counter = 0;
const makeId = () => `row-${++counter}`;

function withRow(): UploadRow[] {
  counter = 0;
  return uploadReducer([], { type: "add", files: [file("a.png"), file("b.png")], makeId });
}

describe("uploadReducer", () => {
  it("adds one waiting row per file, labelled with the file name", () => {
    const rows = withRow();
    expect(rows.map((row) => [row.id, row.label, row.status, row.percent])).toEqual([
      ["row-1", "a.png", "waiting", 0],
      ["row-2", "b.png", "waiting", 0],
    ]);
  });

  it("tracks progress in whole percent only while uploading", () => {
    let rows = withRow();
    rows = uploadReducer(rows, { type: "progress", id: "row-1", sent: 1, total: 3 });
    expect(rows[0]?.percent).toBe(0);
    rows = uploadReducer(rows, { type: "start", id: "row-1" });
    rows = uploadReducer(rows, { type: "progress", id: "row-1", sent: 1, total: 3 });
    expect(rows[0]?.percent).toBe(33);
    rows = uploadReducer(rows, { type: "done", id: "row-1" });
    expect(rows[0]).toMatchObject({ status: "done", percent: 100 });
  });

  it("a cancelled row resets to waiting, and is sent again", () => {
    let rows = uploadReducer(withRow(), { type: "start", id: "row-2" });
    rows = uploadReducer(rows, { type: "progress", id: "row-2", sent: 50, total: 100 });
    rows = uploadReducer(rows, { type: "cancelled", id: "row-2" });
    expect(rows[1]).toMatchObject({ status: "cancelled", percent: 50 });
    expect(pendingRows(rows).map((row) => row.id)).toEqual(["row-1"]);
    rows = uploadReducer(rows, { type: "reset", id: "row-2" });
    expect(rows[1]).toMatchObject({ status: "waiting", percent: 0 });
    expect(pendingRows(rows).map((row) => row.id)).toEqual(["row-1", "row-2"]);
  });

  it("keeps the server's message on a failed row and retries it", () => {
    let rows = uploadReducer(withRow(), { type: "start", id: "row-1" });
    rows = uploadReducer(rows, { type: "failed", id: "row-1", error: "The file exceeds the storage quota" });
    expect(rows[0]).toMatchObject({ status: "failed", error: "The file exceeds the storage quota" });
    expect(pendingRows(rows).map((row) => row.id)).toContain("row-1");
  });

  it("does not remove a row in flight", () => {
    let rows = uploadReducer(withRow(), { type: "start", id: "row-1" });
    rows = uploadReducer(rows, { type: "remove", id: "row-1" });
    rows = uploadReducer(rows, { type: "remove", id: "row-2" });
    expect(rows.map((row) => row.id)).toEqual(["row-1"]);
  });
});

describe("percentOf", () => {
  it("clamps and rounds", () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(2, 1)).toBe(100);
    expect(percentOf(999, 1000)).toBe(100);
    expect(percentOf(994, 1000)).toBe(99);
  });
});
