import { describe, expect, it } from "vitest";
import { pageOfRows } from "./page-of-rows.ts";

describe("pageOfRows", () => {
  const rows = Array.from({ length: 12 }, (_, index) => index);

  it("cuts one-based pages", () => {
    expect(pageOfRows(rows, 1, 5)).toEqual({ rows: [0, 1, 2, 3, 4], page: 1, total: 3 });
    expect(pageOfRows(rows, 3, 5)).toEqual({ rows: [10, 11], page: 3, total: 3 });
  });

  it("stays on the last page when the page size grows", () => {
    expect(pageOfRows(rows, 3, 10)).toEqual({ rows: [10, 11], page: 2, total: 2 });
  });
});
