import { ROOT } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { destinationProblem, type PickerSubject } from "./destination-rules.ts";

const folder: PickerSubject = { kind: "container", uuid: "c-1", label: "Letters", from: "p-1" };
const file: PickerSubject = { kind: "datastream", uuid: "d-1", label: "scan.png", from: "p-1" };

describe("destinationProblem", () => {
  it("asks for a destination", () => {
    expect(destinationProblem(folder, null)).toBe("missing");
  });

  it("refuses the current parent and the item itself", () => {
    expect(destinationProblem(folder, { uuid: "p-1", label: "Parent" })).toBe("same");
    expect(destinationProblem(folder, { uuid: "c-1", label: "Letters" })).toBe("same");
    expect(destinationProblem({ ...folder, from: ROOT }, { uuid: ROOT, label: "ROOT" })).toBe("same");
  });

  it("lets containers but not files go to the top level", () => {
    expect(destinationProblem(folder, { uuid: ROOT, label: "ROOT" })).toBeNull();
    expect(destinationProblem(file, { uuid: ROOT, label: "ROOT" })).toBe("same");
    expect(destinationProblem(file, { uuid: "p-2", label: "Other" })).toBeNull();
  });
});
