// Removing a large subtree: 5 000 containers and 2 000 datastreams, some linked elsewhere, go to the trash (and come
// back) in one request, each exactly when it should.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, datastreamTypeBody, insertDatastream, newContainer, newContainerType } from "../containers/testing.ts";
import { removeContainer } from "./testing.ts";

const SECTIONS = 50;
const PER_SECTION = 100;

let t: TestApp;
let tenant: TestTenant;
let top: string;
let elsewhere: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "box");
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("file"));
  top = (await newContainer(tenant.admin, { label: "Big tree", type: "box" })).uuid;
  elsewhere = (await newContainer(tenant.admin, { label: "Elsewhere", type: "box" })).uuid;
  const holder = await insertDatastream(t, tenant, { containerIds: [top], typeCode: "file", label: "template" });
  // Written in bulk: top -> 50 sections -> 100 leaves each; every tenth leaf also in "Elsewhere". Each section holds
  // 40 datastreams, every fourth of them also in "Elsewhere".
  await inTenant(t.db, tenant.id, async (trx) => {
    const type = await trx.selectFrom("content_types").select("id").where("code", "=", "box").executeTakeFirstOrThrow();
    const file = await trx.selectFrom("datastreams").selectAll().where("id", "=", holder).executeTakeFirstOrThrow();
    for (let section = 0; section < SECTIONS; section++) {
      const sectionId = uuidv7();
      const leaves = Array.from({ length: PER_SECTION }, () => uuidv7());
      const datastreams = Array.from({ length: 40 }, () => uuidv7());
      const container = (id: string, label: string) => ({ tenant_id: tenant.id, id, label, type_id: type.id });
      await trx
        .insertInto("containers")
        .values([container(sectionId, `Section ${section}`), ...leaves.map((id, index) => container(id, `Leaf ${section}.${index}`))])
        .execute();
      await trx
        .insertInto("container_edges")
        .values([
          { tenant_id: tenant.id, parent_id: top, child_id: sectionId },
          ...leaves.map((id) => ({ tenant_id: tenant.id, parent_id: sectionId, child_id: id })),
          ...leaves.filter((_, index) => index % 10 === 0).map((id) => ({ tenant_id: tenant.id, parent_id: elsewhere, child_id: id })),
        ])
        .execute();
      await trx
        .insertInto("datastreams")
        .values(datastreams.map((id, index) => ({ ...file, id, label: `File ${section}.${index}` })))
        .execute();
      await trx
        .insertInto("datastream_memberships")
        .values([
          ...datastreams.map((id) => ({ tenant_id: tenant.id, container_id: sectionId, datastream_id: id })),
          ...datastreams
            .filter((_, index) => index % 4 === 0)
            .map((id) => ({ tenant_id: tenant.id, container_id: elsewhere, datastream_id: id })),
        ])
        .execute();
    }
  });
  await sql`analyze`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

describe("a subtree of 5 000 containers", () => {
  it("goes to the trash with exactly what only it leads to, and comes back whole", async () => {
    const linkedLeaves = SECTIONS * (PER_SECTION / 10);
    const takenContainers = SECTIONS + SECTIONS * PER_SECTION - linkedLeaves;
    const takenDatastreams = 1 + SECTIONS * 30;
    expect(await removeContainer(tenant.admin, top)).toEqual({
      removed: true,
      trashed: true,
      containers: takenContainers,
      datastreams: takenDatastreams,
    });
    const other = (await tenant.admin.request("GET", `/api/containers/${elsewhere}`)).json();
    expect(other).toMatchObject({ childCount: linkedLeaves, datastreamCount: SECTIONS * 10 });

    const restored = await tenant.admin.request("POST", "/api/trash/items/restore", {
      container: "ROOT",
      objects: [{ objectType: "CONTAINER", objectId: top }],
    });
    expect(restored.json()).toEqual({ items: 1, containers: takenContainers + 1, datastreams: takenDatastreams });
    const report = (await tenant.admin.request("POST", `/api/containers/${top}/reports`)).json();
    expect(report).toMatchObject({ containerCount: SECTIONS + SECTIONS * PER_SECTION, datastreamCount: 1 + SECTIONS * 40 });
  });
});
