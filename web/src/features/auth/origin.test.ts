import { describe, expect, it } from "vitest";
import { loginDestination } from "./origin.ts";

describe("loginDestination", () => {
  it("returns to the remembered origin", () => {
    expect(loginDestination({ from: { pathname: "/settings/users", search: "?q=a", hash: "" } })).toBe("/settings/users?q=a");
  });

  it("goes to /containers without an origin", () => {
    expect(loginDestination(null)).toBe("/containers");
    expect(loginDestination({})).toBe("/containers");
    expect(loginDestination({ from: "nonsense" })).toBe("/containers");
  });

  it("never returns to a public page", () => {
    expect(loginDestination({ from: { pathname: "/logout" } })).toBe("/containers");
    expect(loginDestination({ from: { pathname: "/" } })).toBe("/containers");
  });
});
