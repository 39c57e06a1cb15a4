import { ExportBody } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { downloadPercent, exportBody, findExportProblems, metadataFrom, metadataValue, NO_CHOICES } from "./export-form.ts";

const containers = [{ uuid: "0190c3a0-0000-7000-8000-000000000001", label: "Letters" }];
const datastreams = [{ uuid: "0190c3a0-0000-7000-8000-000000000002", label: "notes.txt" }];

describe("export choices", () => {
  it("require the archive format and the metadata choice (spec 1 §5)", () => {
    expect(findExportProblems(NO_CHOICES)).toEqual({ archiveFormat: true, exportMetadata: true });
    expect(findExportProblems({ archiveFormat: "ZIP", exportMetadata: null })).toEqual({ archiveFormat: false, exportMetadata: true });
    expect(findExportProblems({ archiveFormat: null, exportMetadata: false })).toEqual({ archiveFormat: true, exportMetadata: false });
    expect(exportBody({ archiveFormat: "ZIP", exportMetadata: null }, containers, datastreams)).toBeNull();
    expect(exportBody({ archiveFormat: null, exportMetadata: true }, containers, datastreams)).toBeNull();
  });

  it("make a body the server accepts, naming the chosen items by uuid", () => {
    const body = exportBody({ archiveFormat: "TAR_GZIP", exportMetadata: false }, containers, datastreams);
    expect(body).toEqual({
      archiveFormat: "TAR_GZIP",
      exportMetadata: false,
      containers: [containers[0]?.uuid],
      datastreams: [datastreams[0]?.uuid],
    });
    expect(ExportBody.safeParse(body).success).toBe(true);
  });

  it("keep 'no' metadata apart from no choice", () => {
    expect(metadataValue(null)).toBeNull();
    expect(metadataValue(false)).toBe("no");
    expect(metadataValue(true)).toBe("yes");
    expect(metadataFrom("no")).toBe(false);
    expect(metadataFrom("yes")).toBe(true);
  });
});

describe("downloadPercent", () => {
  it("answers whole percent of a known size, null while the size is unknown", () => {
    expect(downloadPercent({ received: 1, total: 3 })).toBe(33);
    expect(downloadPercent({ received: 3, total: 3 })).toBe(100);
    expect(downloadPercent({ received: 500, total: null })).toBeNull();
    expect(downloadPercent({ received: 0, total: 0 })).toBeNull();
  });
});
