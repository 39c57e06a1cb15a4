import { describe, expect, it } from "vitest";
import { formatBytes } from "./format-bytes.ts";

describe("formatBytes", () => {
  it.each([
    [0, "0 bytes"],
    [1, "1 byte"],
    [512, "512 bytes"],
    [1024, "1 kB"],
    [1536, "1.5 kB"],
    [10 * 1024 ** 2, "10 MB"],
    [2 * 1024 ** 3, "2 GB"],
    [10 * 1024 ** 3, "10 GB"],
    [3 * 1024 ** 4, "3 TB"],
    [5 * 1024 ** 6, "5,120 PB"],
  ])("shows %d bytes as %s", (bytes, text) => {
    expect(formatBytes(bytes, "en")).toBe(text);
  });

  it("writes numbers the way the language does", () => {
    expect(formatBytes(1536, "el")).toMatch(/^1,5\s?kB$/);
  });

  it("writes Serbian units in Latin script, as the Serbian screens are", () => {
    expect(formatBytes(512, "sr")).toBe("512 bajtova");
  });
});
