import { describe, expect, it } from "vitest";
import { editorBanners } from "./editor-banners.ts";

const now = Date.parse("2026-11-24T10:00:00Z");
const survey = { openAt: null, closeAt: null, locked: false };

describe("editor banners", () => {
  it("shows none while the survey accepts responses", () => {
    expect(editorBanners(survey, now)).toEqual([]);
  });

  it("names the close or open time", () => {
    expect(editorBanners({ ...survey, closeAt: "2026-11-23T10:00:00" }, now)).toEqual([{ kind: "closed", at: "2026-11-23T10:00:00" }]);
    expect(editorBanners({ ...survey, openAt: "2026-12-01T09:00:00" }, now)).toEqual([{ kind: "notOpenYet", at: "2026-12-01T09:00:00" }]);
  });

  it("keeps the locked warning when the survey is also not open yet or closed", () => {
    expect(editorBanners({ ...survey, locked: true }, now)).toEqual([{ kind: "locked" }]);
    expect(editorBanners({ ...survey, locked: true, openAt: "2026-12-01T09:00:00" }, now)).toEqual([
      { kind: "notOpenYet", at: "2026-12-01T09:00:00" },
      { kind: "locked" },
    ]);
    expect(editorBanners({ ...survey, locked: true, closeAt: "2026-11-23T10:00:00" }, now)).toEqual([
      { kind: "closed", at: "2026-11-23T10:00:00" },
      { kind: "locked" },
    ]);
  });
});
