// The embedded database's stand-in for autoanalyze: a table that grew gets fresh planner statistics, others are left.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertContainers, newContainer, newContainerType } from "../../modules/containers/testing.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { needsStatisticsUpkeep, refreshGrownTables } from "./statistics.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function plannedRows(table: string): Promise<number> {
  const { rows } = await sql<{ tuples: number }>`select reltuples::float8 as tuples from pg_class where oid = ${table}::regclass`.execute(
    t.db,
  );
  return Number(rows[0]?.tuples);
}

describe("planner statistics", () => {
  it("are refreshed for a table that grew, and a second pass finds nothing to do", async () => {
    const tenant = await t.newTenant();
    await newContainerType(tenant.admin, "box");
    const parent = (await newContainer(tenant.admin, { label: "Many", type: "box" })).uuid;
    const labels = Array.from({ length: 5000 }, (_, index) => `Item ${index}`);
    await insertContainers(t, tenant, { parentId: parent, typeCode: "box", labels });

    await refreshGrownTables(t.db);
    expect(await plannedRows("containers")).toBeGreaterThanOrEqual(5000);
    expect(await plannedRows("container_edges")).toBeGreaterThanOrEqual(5000);
    expect(await refreshGrownTables(t.db)).not.toContain("containers");
  });

  it("are kept by the server on the embedded database, and on PostgreSQL only when its autovacuum is off", async () => {
    expect(await needsStatisticsUpkeep(t.db, true)).toBe(true);
    const { rows } = await sql<{ autovacuum: string }>`select setting as autovacuum from pg_settings where name = 'autovacuum'`.execute(
      t.db,
    );
    expect(["on", "off"]).toContain(rows[0]?.autovacuum);
    expect(await needsStatisticsUpkeep(t.db, false)).toBe(rows[0]?.autovacuum === "off");
  });
});
