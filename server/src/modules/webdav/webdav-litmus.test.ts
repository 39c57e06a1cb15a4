// Debian's litmus WebDAV suite against a real listening server: basic, copymove, props and locks.
//
// Two lock tests cannot pass, for a reason outside this server: complex_cond_put and fail_complex_cond_put send
// `If: (<token> [etag]) (Not <DAV:no-lock> [etag])`, and litmus builds that header in a 200-byte buffer. A lock
// token is a urn:uuid (45 characters, RFC 4918's recommendation) and a file's ETag its quoted sha-256 (66, as the
// API answers it), so the header needs 207 characters and reaches the server cut off after 199: a malformed If
// header, answered 400. Every other test passes; this test asserts exactly that.
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

it("passes litmus basic, copymove, props and locks (but the two tests whose If header litmus cuts off)", { timeout: 120_000 }, async () => {
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
      "<- summary for `locks': of 41 tests run: 39 passed, 2 failed. 95.1%",
    ],
    failures: [
      "complex_cond_put: FAIL (PUT with complex conditional failed: 400 Bad Request)",
      "fail_complex_cond_put: FAIL (PUT with complex bogus conditional should fail with 412: 400 Bad Request)",
    ],
  });
});
