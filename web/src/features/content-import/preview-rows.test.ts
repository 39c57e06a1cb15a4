import { describe, expect, it } from "vitest";
import { cutSummary, rowStatuses, SUMMARY_MAX_CHARS, summariseProperties } from "./preview-rows.ts";

const stored = (values: unknown) => JSON.stringify({ values, qualifiers: [] });

describe("summariseProperties", () => {
  it("lists each key once with its values, in file order", () => {
    const summary = summariseProperties([
      { key: "title", value: stored("First") },
      { key: "keywords", value: stored("old") },
      { key: "keywords", value: stored("rare") },
      { key: "subjects", value: stored(["hist", "geo"]) },
    ]);
    expect(summary).toBe("title: First; keywords: old, rare; subjects: hist, geo");
  });

  it("shows places by name, other objects as JSON, and numbers and booleans as text", () => {
    const summary = summariseProperties([
      { key: "place", value: stored({ placename: "Athens", latitude: 37.98, longitude: 23.72 }) },
      { key: "data", value: stored({ a: 1 }) },
      { key: "year", value: stored(1821) },
      { key: "digitised", value: { values: true, qualifiers: [] } },
    ]);
    expect(summary).toBe('place: Athens; data: {"a":1}; year: 1821; digitised: true');
  });

  it("shows a value kept as the cell gave it, and leaves out empty ones", () => {
    const summary = summariseProperties([
      { key: "year", value: "about 1821" },
      { key: "notes", value: null },
      { key: "title", value: stored("") },
      { key: "count", value: "12" },
    ]);
    expect(summary).toBe("year: about 1821; count: 12");
  });
});

describe("cutSummary", () => {
  it("keeps short texts and cuts long ones with an ellipsis", () => {
    expect(cutSummary("title: First")).toBe("title: First");
    const cut = cutSummary("x".repeat(SUMMARY_MAX_CHARS + 20));
    expect(cut).toHaveLength(SUMMARY_MAX_CHARS);
    expect(cut.endsWith("…")).toBe(true);
  });
});

describe("rowStatuses", () => {
  it("marks each row by its worst issue", () => {
    const statuses = rowStatuses({
      containers: [],
      errors: [{ row: 3, message: "type: no container type with code 'nope'" }],
      warnings: [
        { row: 3, message: "Column 'x' is not a property" },
        { row: 5, message: "Column 'x' is not a property" },
      ],
    });
    expect([...statuses]).toEqual([
      [3, "error"],
      [5, "warning"],
    ]);
  });
});
