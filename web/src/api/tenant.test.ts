import { describe, expect, it } from "vitest";
import { tenantFromPath } from "./tenant.ts";

describe("tenantFromPath", () => {
  it("reads the first path segment", () => {
    expect(tenantFromPath("/demo/containers")).toBe("demo");
    expect(tenantFromPath("/acme")).toBe("acme");
  });

  it("answers null without a segment", () => {
    expect(tenantFromPath("/")).toBeNull();
    expect(tenantFromPath("")).toBeNull();
  });
});
