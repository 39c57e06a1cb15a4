import { describe, expect, it } from "vitest";
import { percentText, storageBarColor, usedPercent } from "./storage-usage.ts";

describe("storage bar", () => {
  it("is primary below 80 percent, warning from 80 to below 90, danger from 90", () => {
    expect(storageBarColor(0)).toBe("primary");
    expect(storageBarColor(79.99)).toBe("primary");
    expect(storageBarColor(80)).toBe("warning");
    expect(storageBarColor(89.99)).toBe("warning");
    expect(storageBarColor(90)).toBe("danger");
    expect(storageBarColor(100)).toBe("danger");
  });

  it("shows the share used with two decimals", () => {
    expect(percentText(usedPercent({ used: 1, total: 3 }), "en")).toBe("33.33");
    expect(percentText(usedPercent({ used: 0, total: 1024 }), "en")).toBe("0.00");
    expect(percentText(usedPercent({ used: 512, total: 1024 }), "en")).toBe("50.00");
  });

  it("caps at 100 percent and treats an empty quota as full once something is stored", () => {
    expect(usedPercent({ used: 2048, total: 1024 })).toBe(100);
    expect(usedPercent({ used: 1, total: 0 })).toBe(100);
    expect(usedPercent({ used: 0, total: 0 })).toBe(0);
  });
});
