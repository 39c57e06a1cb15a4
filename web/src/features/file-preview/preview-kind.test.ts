import { describe, expect, it } from "vitest";
import { previewKind } from "./preview-kind.ts";

describe("previewKind", () => {
  it.each([
    ["image/png", "", "image"],
    ["image/svg+xml", "", "image"],
    ["application/pdf", "", "pdf"],
    ["video/mp4", "", "video"],
    ["text/plain; charset=utf-8", "", "text"],
    ["application/json", "", "text"],
    ["application/ld+json", "", "text"],
    ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "", "office"],
    ["application/msword", "", "office"],
    ["application/vnd.oasis.opendocument.text", "", "office"],
    ["application/zip", "archive.zip", "other"],
  ])("%s (%s) is shown as %s", (mime, name, kind) => {
    expect(previewKind(mime, name)).toBe(kind);
  });

  it("falls back to the file name when the media type is generic", () => {
    expect(previewKind("application/octet-stream", "Report.DOCX")).toBe("office");
    expect(previewKind("application/octet-stream", "notes.md")).toBe("text");
    expect(previewKind("application/octet-stream", "scan.pdf")).toBe("pdf");
    expect(previewKind("application/octet-stream", "blob")).toBe("other");
  });
});
