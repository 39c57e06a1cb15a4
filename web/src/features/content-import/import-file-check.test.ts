import { IMPORT_LIMITS } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { hasAcceptedExtension, importFileProblem } from "./import-file-check.ts";

describe("importFileProblem", () => {
  it("accepts an Excel workbook or a CSV file, whatever the case of the extension", () => {
    expect(importFileProblem({ name: "books.xlsx", size: 2048 })).toBeNull();
    expect(importFileProblem({ name: "Books.CSV", size: 10 })).toBeNull();
    expect(hasAcceptedExtension("archive.XLSX")).toBe(true);
  });

  it("refuses other kinds, the old .xls included", () => {
    expect(importFileProblem({ name: "books.xls", size: 2048 })).toBe("wrongKind");
    expect(importFileProblem({ name: "books.xlsx.pdf", size: 2048 })).toBe("wrongKind");
    expect(importFileProblem({ name: "xlsx", size: 2048 })).toBe("wrongKind");
  });

  it("refuses a file over the size limit, and an empty one", () => {
    expect(importFileProblem({ name: "books.xlsx", size: IMPORT_LIMITS.fileMaxBytes })).toBeNull();
    expect(importFileProblem({ name: "books.xlsx", size: IMPORT_LIMITS.fileMaxBytes + 1 })).toBe("tooLarge");
    expect(importFileProblem({ name: "books.csv", size: 0 })).toBe("empty");
  });
});
