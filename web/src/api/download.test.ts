import { describe, expect, it } from "vitest";
import { fileNameFromDisposition } from "./download.ts";

describe("fileNameFromDisposition", () => {
  it("reads quoted and bare file names", () => {
    expect(fileNameFromDisposition('attachment; filename="content-model.json"')).toBe("content-model.json");
    expect(fileNameFromDisposition("attachment; filename=voc-x.xlsx")).toBe("voc-x.xlsx");
    expect(fileNameFromDisposition('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
  });

  it("prefers the UTF-8 form", () => {
    expect(fileNameFromDisposition("attachment; filename=\"voc-_.xlsx\"; filename*=UTF-8''voc-%CE%B1.xlsx")).toBe("voc-α.xlsx");
  });

  it("answers null without a usable name", () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("attachment")).toBeNull();
    expect(fileNameFromDisposition('attachment; filename=""')).toBeNull();
  });
});
