// The public survey pages may be framed by any site (their embed code); every other page refuses framing.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/test-app.ts";
import { isFrameablePage } from "./framing.ts";

const webDist = mkdtempSync(join(tmpdir(), "repox-web-"));
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Repox</title>");
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: "GET", url });

describe("framing of pages", () => {
  it("lets other sites frame the public survey page and its summary", async () => {
    for (const url of ["/demo/survey/0190a3a4-0000-7000-8000-000000000001?t=abc&embedded=true", "/demo/survey/summary/x"]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors *");
      expect(response.headers["x-frame-options"]).toBeUndefined();
    }
  });

  it("keeps every other page, and the API, unframeable by other sites", async () => {
    for (const url of ["/demo/containers", "/demo/surveys", "/demo/surveys/edit/x", "/demo/login"]) {
      const response = await page(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    }
    const api = await page("/api/nothing-here");
    expect(api.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("matches only the survey page paths", () => {
    expect(isFrameablePage("/demo/survey/abc")).toBe(true);
    expect(isFrameablePage("/demo/survey/summary/abc?x=1")).toBe(true);
    expect(isFrameablePage("/demo/survey/abc/more")).toBe(false);
    expect(isFrameablePage("/demo/surveys/abc")).toBe(false);
    expect(isFrameablePage("/survey/abc")).toBe(false);
  });
});
