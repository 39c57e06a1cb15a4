import { describe, expect, it } from "vitest";
import { contentModelUsageRows, contentUsageRows } from "./usage-rows.ts";

describe("usage rows", () => {
  it("merge containers and datastreams sorted by label, ignoring case", () => {
    const rows = contentUsageRows({
      containers: [
        { uuid: "1", label: "zebra" },
        { uuid: "2", label: "Apple" },
      ],
      datastreams: [{ uuid: "3", label: "mango" }],
    });
    expect(rows.map((row) => [row.label, row.kind])).toEqual([
      ["Apple", "container"],
      ["mango", "datastream"],
      ["zebra", "container"],
    ]);
  });

  it("label types by name and keep their codes", () => {
    const rows = contentModelUsageRows({
      containerTypes: [{ code: "book", name: "Book" }],
      datastreamTypes: [{ code: "image", name: "Image" }],
    });
    expect(rows).toEqual([
      { id: "ct:book", label: "Book", kind: "containerType", code: "book" },
      { id: "dt:image", label: "Image", kind: "datastreamType", code: "image" },
    ]);
  });
});
