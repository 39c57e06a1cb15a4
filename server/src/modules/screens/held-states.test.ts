// Held state calls served by a second player service with a notifier of its own, as another API process would: a push
// through the API reaches them only through the sweep of held-states.ts, which re-reads all of them in one transaction.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newStory } from "../stories/testing.ts";
import { createScreenNotifier } from "./notifier.ts";
import { createPlayerService } from "./player.service.ts";
import { deviceAuth, pairedScreen, SCREENS } from "./testing.ts";

const RECHECK_MS = 200;

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

it("wakes a call held by another process within a sweep, reading every held call of the tenant in one transaction", async () => {
  let transactions = 0;
  const db = tenantDb(t.db, tenant.id);
  const ctx: RequestContext = {
    tenant: { id: tenant.id, code: tenant.code, name: tenant.code, storageQuota: 0 },
    user: null,
    permissions: new Set(),
    db: {
      tenantId: tenant.id,
      transaction: (work) => {
        transactions++;
        return db.transaction(work);
      },
    },
  };
  const elsewhere = createPlayerService({
    stories: t.services.storyView,
    notifier: createScreenNotifier(),
    tenantContext: async () => ctx,
    recheckMs: RECHECK_MS,
  });
  const storyId = await newStory(tenant.admin);
  const players = await Promise.all([1, 2, 3].map(() => pairedScreen(tenant.admin, tenant.anonymous)));
  const firsts = await Promise.all(players.map(({ device }) => elsewhere.state(ctx, deviceAuth(device).authorization, { wait: 0 })));
  const before = transactions;
  const aborts = players.map(() => new AbortController());
  const answers = players.map(({ device }, index) =>
    elsewhere.state(ctx, deviceAuth(device).authorization, { wait: 20, since: firsts[index]?.version }, aborts[index]?.signal),
  );
  await sleep(3 * RECHECK_MS + 50);
  // Each call's own read (its credentials and state in one transaction), then one transaction a sweep (at most 3 by
  // now); a re-read per held call would have been 3 a sweep.
  expect(transactions - before).toBeLessThanOrEqual(3 + 3);

  const pushedAt = Date.now();
  const pushed = await tenant.admin.request("POST", `${SCREENS}/${players[0]?.screenId}/link`, { storyId });
  expect(pushed.statusCode).toBe(200);
  expect(await answers[0]).toMatchObject({ paired: true, storyId });
  expect(Date.now() - pushedAt).toBeLessThan(RECHECK_MS + 1000);
  for (const abort of aborts.slice(1)) abort.abort();
  expect((await Promise.all(answers.slice(1))).map((state) => state.storyId)).toEqual([null, null]);
});
