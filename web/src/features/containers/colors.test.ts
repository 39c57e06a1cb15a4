import { describe, expect, it } from "vitest";
import { brightness, hexToRgb, isHexColor, normalizeHexColor, textColorOn, tileColors, tintOf } from "./colors.ts";

describe("hex colours", () => {
  it("accepts 3 or 6 hex digits", () => {
    expect(isHexColor("#fff")).toBe(true);
    expect(isHexColor("#A1b2C3")).toBe(true);
    expect(isHexColor("#ffff")).toBe(false);
    expect(isHexColor("red")).toBe(false);
    expect(isHexColor("#ggg")).toBe(false);
  });

  it("expands and lowercases, and names a bad value in the message", () => {
    expect(normalizeHexColor("#ABC")).toBe("#aabbcc");
    expect(hexToRgb("#ff8000")).toEqual({ r: 255, g: 128, b: 0 });
    expect(() => normalizeHexColor("#12345")).toThrow("Invalid hex color value: #12345");
  });
});

describe("text colour by brightness", () => {
  it("weighs red, green and blue 299, 587 and 114 over 1000", () => {
    expect(brightness({ r: 255, g: 255, b: 255 })).toBe(255);
    expect(brightness({ r: 100, g: 100, b: 200 })).toBeCloseTo(111.4);
  });

  it("puts dark text on light colours and white on dark ones, 125 being dark", () => {
    expect(textColorOn("#ffeb3b")).toBe("#000000");
    expect(textColorOn("#3f51b5")).toBe("#ffffff");
    // 125 exactly is not above the threshold.
    expect(textColorOn("#7d7d7d")).toBe("#ffffff");
    expect(textColorOn("#7e7e7e")).toBe("#000000");
  });
});

describe("tile tint", () => {
  it("appends the 8C alpha to the six-digit colour", () => {
    expect(tintOf("#f44336")).toBe("#f443368C");
    expect(tintOf("#abc")).toBe("#aabbcc8C");
  });

  it("answers nothing for no colour or a bad one", () => {
    expect(tileColors(null)).toBeNull();
    expect(tileColors("blue")).toBeNull();
    expect(tileColors("#000")).toEqual({ background: "#0000008C", text: "#ffffff" });
  });
});
