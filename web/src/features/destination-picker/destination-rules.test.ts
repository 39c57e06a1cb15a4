import { ROOT } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { destinationProblem, type PickerSubject } from "./destination-rules.ts";

const folder: PickerSubject = { kind: "container", uuid: "c-1", label: "Letters", from: "p-1" };
const file: PickerSubject = { kind: "datastream", uuid: "d-1", label: "scan.png", from: "p-1" };

describe("destinationProblem", () => {
  it("asks for a destination", () => {
    expect(destinationProblem([folder], null)).toBe("missing");
  });

  it("refuses the current parent and the item itself", () => {
    expect(destinationProblem([folder], { uuid: "p-1", label: "Parent" })).toBe("same");
    expect(destinationProblem([folder], { uuid: "c-1", label: "Letters" })).toBe("same");
    expect(destinationProblem([{ ...folder, from: ROOT }], { uuid: ROOT, label: "ROOT" })).toBe("same");
  });

  it("lets containers but not files go to the top level", () => {
    expect(destinationProblem([folder], { uuid: ROOT, label: "ROOT" })).toBeNull();
    expect(destinationProblem([file], { uuid: ROOT, label: "ROOT" })).toBe("same");
    expect(destinationProblem([file], { uuid: "p-2", label: "Other" })).toBeNull();
  });

  it("keeps files of a trash restore off the top level, as a move does", () => {
    const trashed: PickerSubject = { kind: "datastream", uuid: "d-2", label: "lost.pdf" };
    const folderInTrash: PickerSubject = { kind: "container", uuid: "c-2", label: "Lost letters" };
    expect(destinationProblem([trashed], { uuid: ROOT, label: "ROOT" })).toBe("same");
    expect(destinationProblem([folderInTrash, trashed], { uuid: ROOT, label: "ROOT" })).toBe("same");
    expect(destinationProblem([folderInTrash], { uuid: ROOT, label: "ROOT" })).toBeNull();
    expect(destinationProblem([trashed], { uuid: "p-2", label: "Other" })).toBeNull();
  });

  it("offers a destination to an item-by-item change while at least one item accepts it", () => {
    expect(destinationProblem([folder, file], { uuid: ROOT, label: "ROOT" }, true)).toBeNull();
    expect(destinationProblem([file, { ...file, uuid: "d-3" }], { uuid: ROOT, label: "ROOT" }, true)).toBe("same");
    expect(destinationProblem([folder, file], { uuid: "p-1", label: "Parent" }, true)).toBe("same");
  });
});
