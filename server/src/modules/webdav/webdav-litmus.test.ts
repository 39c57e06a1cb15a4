// Debian's litmus WebDAV suite against a real listening server: basic, copymove, props and locks.
// Every test passes. complex_cond_put builds `If: (<token> [etag]) (Not <DAV:no-lock> [etag])` in a 200-byte buffer,
// which a urn:uuid token and two base64url ETags fit (the API's quoted hex sha-256 would not: 207 characters).
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PASSWORD, createTestApp, type TestApp } from "../../test/test-app.ts";
import { listen, run, setUpDavModel } from "./testing.ts";

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.newTenant();
  await setUpDavModel(tenant);
  // litmus makes its collection `litmus/` below the URL it is given.
  url = `${await listen(t)}/${tenant.code}/dav/`;
});
afterAll(() => t.close());

it("passes litmus basic, copymove, props and locks in full", { timeout: 120_000 }, async () => {
  const { output } = await run("litmus", ["--keep-going", url, "admin", ADMIN_PASSWORD], { TESTS: "basic copymove props locks" });
  const lines = output.split("\n");
  const summaries = lines.filter((line) => line.includes("<- summary for"));
  const failures = lines
    .filter((line) => /FAIL|WARNING/.test(line))
    .map((line) => line.replace(/^[\s\S]* (\w+)\.* (FAIL|WARNING)/, "$1: $2"));
  expect({ summaries, failures }).toEqual({
    summaries: [
      "<- summary for `basic': of 16 tests run: 16 passed, 0 failed. 100.0%",
      "<- summary for `copymove': of 13 tests run: 13 passed, 0 failed. 100.0%",
      "<- summary for `props': of 30 tests run: 30 passed, 0 failed. 100.0%",
      "<- summary for `locks': of 41 tests run: 41 passed, 0 failed. 100.0%",
    ],
    failures: [],
  });
});
