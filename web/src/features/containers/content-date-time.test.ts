import { describe, expect, it } from "vitest";
import { formatContentDateTime } from "./content-date-time.ts";
import { formatContentDate } from "./content-dates.ts";

describe("formatContentDateTime", () => {
  it("writes the content date followed by the local hour and minute", () => {
    const value = "2025-03-03T14:05:00Z";
    const time = new Intl.DateTimeFormat("en", { timeStyle: "short" }).format(new Date(value));
    expect(formatContentDateTime(value, "en")).toBe(`${formatContentDate(value)} ${time}`);
    expect(time).toMatch(/\d{1,2}:05/);
  });

  it("shows text that is no date as given", () => {
    expect(formatContentDateTime("soon", "en")).toBe("soon");
  });
});
