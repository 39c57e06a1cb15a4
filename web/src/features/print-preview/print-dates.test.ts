import { describe, expect, it } from "vitest";
import { formatPrintDate } from "./print-dates.ts";

describe("formatPrintDate", () => {
  it("writes 'Do MMMM YYYY hh:mm' in local time", () => {
    expect(formatPrintDate("2024-11-22T15:07:00")).toBe("22nd November 2024 03:07");
    expect(formatPrintDate("2025-03-03T09:30:00")).toBe("3rd March 2025 09:30");
  });

  it("writes the date and time in the UI language's own form", () => {
    expect(formatPrintDate("2024-11-22T15:07:00", "it")).toBe("22 novembre 2024 alle ore 15:07");
    expect(formatPrintDate("2024-11-22T15:07:00", "sr")).toBe("22. novembar 2024. 15:07");
  });

  it("shows text that is no date as given", () => {
    expect(formatPrintDate("not a date")).toBe("not a date");
  });
});
