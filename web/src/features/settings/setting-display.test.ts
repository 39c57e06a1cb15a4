import type { SystemSetting } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { displayValue } from "./setting-display.ts";

function setting(settingType: SystemSetting["settingType"], settingValue: string, details: object = {}): SystemSetting {
  return {
    settingKey: "KEY",
    label: "Label",
    description: "",
    editable: true,
    mandatory: true,
    settingType,
    settingDetails: JSON.stringify(details),
    settingValue,
  };
}

describe("displayValue", () => {
  it("shows booleans, enums and text as stored", () => {
    expect(displayValue(setting("BOOLEAN", "TRUE"), "en")).toBe("TRUE");
    expect(displayValue(setting("ENUM", "el", { values: ["en", "el"] }), "en")).toBe("el");
    expect(displayValue(setting("TEXT", "Repox"), "en")).toBe("Repox");
  });

  it("shows a size in a human unit and in exact bytes", () => {
    expect(displayValue(setting("NUMBER", String(2 * 1024 ** 3), { unit: "bytes" }), "en")).toBe("2 GB (2,147,483,648 bytes)");
    expect(displayValue(setting("NUMBER", "500", { unit: "bytes" }), "en")).toBe("500 bytes");
  });

  it("shows an interval in seconds and a plain number grouped", () => {
    expect(displayValue(setting("NUMBER", "5", { unit: "seconds" }), "en")).toBe("5 seconds");
    expect(displayValue(setting("NUMBER", "12345"), "en")).toBe("12,345");
  });

  it("leaves a value that is not a number alone", () => {
    expect(displayValue(setting("NUMBER", "", { unit: "bytes" }), "en")).toBe("");
    expect(displayValue(setting("NUMBER", "lots", { unit: "bytes" }), "en")).toBe("lots");
  });
});
