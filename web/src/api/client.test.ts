import { describe, expect, it } from "vitest";
import { buildUrl } from "./client.ts";

describe("buildUrl", () => {
  it("prefixes the API base and drops empty parameters", () => {
    expect(buildUrl("/users", { page: 0, size: 20, q: "" })).toBe("/api/users?page=0&size=20");
    expect(buildUrl("/auth/status")).toBe("/api/auth/status");
  });

  it("encodes values", () => {
    expect(buildUrl("/users", { q: "a b&c" })).toBe("/api/users?q=a+b%26c");
  });
});
