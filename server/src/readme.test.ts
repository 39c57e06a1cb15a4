// The README's API section names every route of screens, the player, websites and guides (issue 14): a route added
// without a word in the README fails here. A route is named by its whole path or by its path under its area's base.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./test/test-app.ts";

const README = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
/** Longest first: a route is named under the most specific base it has. */
const BASES = ["/api/str/pub/websites", "/api/str/screens", "/api/str/player", "/api/str/websites", "/api/pub/guides", "/api/guides"];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Whether the README names `path` as a path of its own (not as the start of a longer one). */
function names(path: string): boolean {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`${escaped}(?![\\w/{])`).test(README);
}

describe("the README's API section", () => {
  it("names every route of screens, the player, websites and guides", async () => {
    const answer = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    const paths = Object.keys(answer.json().paths as Record<string, unknown>);
    const routes = paths.flatMap((path) => {
      const base = BASES.find((candidate) => path === candidate || path.startsWith(`${candidate}/`));
      return base ? [{ path, base, under: path.slice(base.length) }] : [];
    });
    expect(routes.length).toBeGreaterThan(30);
    for (const base of BASES) expect(README, base).toContain(base);
    const unnamed = routes.filter((route) => route.under !== "" && !names(route.path) && !names(route.under)).map((r) => r.path);
    expect(unnamed).toEqual([]);
  });
});
