import type { ImportPreview } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { canGoNext, canSubmit, issueKinds, wizardSteps } from "./wizard-steps.ts";

const container = { row: 2, label: "Book one", type: "book", properties: [] };
const issue = (row: number) => ({ row, message: `problem in row ${row}` });

function previewOf(parts: Partial<ImportPreview>): ImportPreview {
  return { containers: [container], errors: [], warnings: [], ...parts };
}

describe("wizardSteps", () => {
  it("offers Upload and Preview & Submit before any preview and for a clean one", () => {
    expect(wizardSteps(null)).toEqual(["upload", "preview"]);
    expect(wizardSteps(previewOf({}))).toEqual(["upload", "preview"]);
  });

  it("adds the Errors/Warnings step when the preview holds errors, warnings or both", () => {
    expect(wizardSteps(previewOf({ errors: [issue(3)] }))).toEqual(["upload", "preview", "issues"]);
    expect(wizardSteps(previewOf({ warnings: [issue(4)] }))).toEqual(["upload", "preview", "issues"]);
  });
});

describe("issueKinds", () => {
  it("names what the issues step holds", () => {
    expect(issueKinds(null)).toBeNull();
    expect(issueKinds(previewOf({}))).toBeNull();
    expect(issueKinds(previewOf({ errors: [issue(3)] }))).toBe("errors");
    expect(issueKinds(previewOf({ warnings: [issue(3)] }))).toBe("warnings");
    expect(issueKinds(previewOf({ errors: [issue(3)], warnings: [issue(4)] }))).toBe("both");
  });
});

describe("canSubmit", () => {
  it("needs a preview", () => {
    expect(canSubmit(null)).toBe(false);
  });

  it("is refused while any error remains", () => {
    expect(canSubmit(previewOf({ errors: [issue(3)] }))).toBe(false);
  });

  it("is refused when the file holds no container", () => {
    expect(canSubmit(previewOf({ containers: [] }))).toBe(false);
  });

  it("is allowed with containers and no errors, warnings or not", () => {
    expect(canSubmit(previewOf({}))).toBe(true);
    expect(canSubmit(previewOf({ warnings: [issue(4)] }))).toBe(true);
  });
});

describe("canGoNext", () => {
  it("leaves Upload only with a usable file", () => {
    expect(canGoNext("upload", ["upload", "preview"], false)).toBe(false);
    expect(canGoNext("upload", ["upload", "preview"], true)).toBe(true);
  });

  it("goes on from the preview only to an issues step", () => {
    expect(canGoNext("preview", ["upload", "preview"], true)).toBe(false);
    expect(canGoNext("preview", ["upload", "preview", "issues"], true)).toBe(true);
    expect(canGoNext("issues", ["upload", "preview", "issues"], true)).toBe(false);
  });
});
