import { IMPORT_MESSAGES } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { en } from "../../app/i18n/en.ts";

describe("the import notices", () => {
  it("are the spec's words (spec 1 §8)", () => {
    expect(en.contentImport.errorsNotice).toBe(IMPORT_MESSAGES.errors);
    expect(en.contentImport.warningsNotice).toBe(IMPORT_MESSAGES.warnings);
  });
});
