import { describe, expect, it } from "vitest";
import { formatContentDate } from "./content-dates.ts";

describe("formatContentDate", () => {
  it("writes 'Do MMMM YYYY' in English", () => {
    expect(formatContentDate("2025-03-03", "en")).toBe("3rd March 2025");
  });

  it("writes the day, month name and year in the other UI languages' own form", () => {
    expect(formatContentDate("2025-03-03", "el")).toBe("3 Μαρτίου 2025");
    expect(formatContentDate("2025-03-03", "it")).toBe("3 marzo 2025");
    expect(formatContentDate("2025-03-03", "es")).toBe("3 de marzo de 2025");
    // Serbian in Latin script, as the Serbian screens are.
    expect(formatContentDate("2025-03-03", "sr")).toBe("3. mart 2025.");
  });

  it("shows text that is no date as given", () => {
    expect(formatContentDate("not a date", "el")).toBe("not a date");
  });
});
