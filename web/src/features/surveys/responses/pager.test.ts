import { describe, expect, it } from "vitest";
import { clampPosition, pagerState, positionAfterDelete, positionOf, readResponseUuids } from "./pager.ts";

describe("individual pager", () => {
  it("keeps typed positions between the first and the last", () => {
    expect(clampPosition(0, 5)).toBe(1);
    expect(clampPosition(9, 5)).toBe(5);
    expect(clampPosition(2.7, 5)).toBe(2);
    expect(clampPosition(Number.NaN, 5)).toBe(1);
    expect(clampPosition(3, 0)).toBe(0);
  });

  it("finds the addressed response, else starts at the first", () => {
    expect(positionOf(["a", "b", "c"], "c")).toBe(3);
    expect(positionOf(["a", "b", "c"], undefined)).toBe(1);
    expect(positionOf(["a", "b", "c"], "gone")).toBe(1);
    expect(positionOf([], "a")).toBe(0);
  });

  it("moves one back after a delete, staying on the first when it was the first", () => {
    expect(positionAfterDelete(3, 4)).toBe(2);
    expect(positionAfterDelete(1, 2)).toBe(1);
    expect(positionAfterDelete(5, 4)).toBe(4);
    expect(positionAfterDelete(1, 0)).toBe(0);
  });

  it("enables the buttons that lead somewhere", () => {
    expect(pagerState(1, 3)).toEqual({ position: 1, total: 3, canGoBack: false, canGoForward: true });
    expect(pagerState(3, 3)).toEqual({ position: 3, total: 3, canGoBack: true, canGoForward: false });
    expect(pagerState(1, 1)).toEqual({ position: 1, total: 1, canGoBack: false, canGoForward: false });
  });

  it("reads the server's ordered uuids, also inside the spec's response state, and nothing else", () => {
    expect(readResponseUuids(["a", "b"])).toEqual(["a", "b"]);
    expect(readResponseUuids({ responseUuids: ["c"] })).toEqual(["c"]);
    expect(readResponseUuids(null)).toEqual([]);
    expect(readResponseUuids(["a", 3])).toEqual(["a"]);
  });
});
