// The counts of a folder's children and datastreams are kept by triggers (migration 0014), not counted when read:
// every change that adds or takes away a live placement must move them, concurrent writers must not lose or double
// a change, and a busy folder's rows are folded so a read stays short.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { removeContainer } from "../trash/testing.ts";
import { getContainer, insertDatastream, newContainer, setUpLibraryModel } from "./testing.ts";
import { ROOT_PARENT_KEY } from "./visibility.repository.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpLibraryModel(tenant.admin);
});
afterAll(() => t.close());

const box = async (label: string, to?: string) => (await newContainer(tenant.admin, { label, type: "box" }, to)).uuid;
const datastream = (label: string, containerIds: string[]) => insertDatastream(t, tenant, { containerIds, typeCode: "file", label });
const post = async (url: string, body?: unknown) => {
  const answer = await tenant.admin.request("POST", url, body);
  if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
};
const trashObjects = (objects: { objectType: string; objectId: string }[], restoreInto?: string) =>
  restoreInto
    ? post("/api/trash/items/restore", { container: restoreInto, objects })
    : tenant.admin.request("DELETE", "/api/trash/items", { objects });

/** What the folder holds, counted from its placements. */
async function countedIn(tenantId: string, folderKey: string): Promise<{ children: number; datastreams: number }> {
  return inTenant(t.db, tenantId, async (trx) => {
    const { rows } = await sql<{ children: number; datastreams: number }>`select
        (select count(*)::int from container_edges where parent_key = ${folderKey} and child_visible) as children,
        (select count(*)::int from datastream_memberships where container_id = ${folderKey} and datastream_visible) as datastreams`.execute(
      trx,
    );
    return rows[0] ?? { children: -1, datastreams: -1 };
  });
}

/** What a read answers for the folder. */
async function answeredFor(uuid: string): Promise<{ children: number; datastreams: number }> {
  const container = await getContainer(tenant.admin, uuid);
  const children = (await tenant.admin.request("GET", `/api/containers/${uuid}/children?size=1`)).json().totalElements;
  const datastreams = (await tenant.admin.request("GET", `/api/containers/${uuid}/datastreams?size=1`)).json().totalElements;
  expect([container.childCount, container.datastreamCount]).toEqual([children, datastreams]);
  return { children, datastreams };
}

const rowsOf = (tenantId: string, folderKey: string) =>
  inTenant(t.db, tenantId, (trx) => trx.selectFrom("folder_counts").selectAll().where("folder_key", "=", folderKey).execute());

describe("a folder's kept counts", () => {
  it("follow every change that adds or takes away a live child or datastream", async () => {
    const folder = await box("Counted folder");
    const elsewhere = await box("Elsewhere");
    const expectTrue = async (children: number, datastreams: number) => {
      expect(await answeredFor(folder)).toEqual({ children, datastreams });
      expect(await countedIn(tenant.id, folder)).toEqual({ children, datastreams });
    };
    await expectTrue(0, 0);

    const [first, second, third] = [await box("First", folder), await box("Second", folder), await box("Third", folder)];
    const files = [await datastream("One.txt", [folder]), await datastream("Two.txt", [folder, elsewhere])];
    await expectTrue(3, 2);

    await post(`/api/containers/${first}/move`, { from: folder, to: elsewhere });
    await expectTrue(2, 2);
    await post(`/api/containers/${first}/link?to=${folder}`);
    await expectTrue(3, 2);
    await post(`/api/datastreams/${files[0]}/move`, { from: folder, to: elsewhere });
    await expectTrue(3, 1);

    // To the trash (its last place) and back; then to the trash and deleted for good.
    expect((await removeContainer(tenant.admin, second ?? "", folder)).trashed).toBe(true);
    await expectTrue(2, 1);
    await trashObjects([{ objectType: "CONTAINER", objectId: second ?? "" }], folder);
    await expectTrue(3, 1);
    expect((await removeContainer(tenant.admin, third ?? "", folder)).trashed).toBe(true);
    expect((await trashObjects([{ objectType: "CONTAINER", objectId: third ?? "" }])).statusCode).toBe(200);
    await expectTrue(2, 1);

    // The folder itself to the trash: its own counts stay (restoring brings it back whole); its parent's drop.
    const top = await countedIn(tenant.id, ROOT_PARENT_KEY);
    expect((await removeContainer(tenant.admin, folder)).trashed).toBe(true);
    expect((await countedIn(tenant.id, ROOT_PARENT_KEY)).children).toBe(top.children - 1);
    const root = (await tenant.admin.request("GET", "/api/containers?size=1")).json();
    expect(root.totalElements).toBe(top.children - 1);
    await trashObjects([{ objectType: "CONTAINER", objectId: folder }], elsewhere);
    await expectTrue(2, 1);
  });

  it("fold a busy folder's changes into a few rows, which go when the folder is deleted for good", async () => {
    const folder = await box("Busy folder");
    for (let n = 0; n < 100; n++) await box(`Child ${n}`, folder);
    expect(await answeredFor(folder)).toEqual({ children: 100, datastreams: 0 });
    const rows = await rowsOf(tenant.id, folder);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(33);

    expect((await removeContainer(tenant.admin, folder)).trashed).toBe(true);
    expect((await trashObjects([{ objectType: "CONTAINER", objectId: folder }])).statusCode).toBe(200);
    expect(await rowsOf(tenant.id, folder)).toEqual([]);
  });

  it("add up the changes of concurrent writers into one folder", async () => {
    const folder = await box("Shared folder");
    const type = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("content_types").select("id").where("code", "=", "box").executeTakeFirstOrThrow(),
    );
    // Each writer adds its children one statement at a time in a few transactions, so writers' folds meet rows that
    // others hold or have just folded.
    const write = async (writer: number) => {
      for (let batch = 0; batch < 3; batch++) {
        await inTenant(t.db, tenant.id, async (trx) => {
          for (let n = 0; n < 15; n++) {
            const id = uuidv7();
            await trx
              .insertInto("containers")
              .values({ tenant_id: tenant.id, id, label: `W${writer} ${batch}.${n}`, type_id: type.id })
              .execute();
            await trx.insertInto("container_edges").values({ tenant_id: tenant.id, parent_id: folder, child_id: id }).execute();
          }
        });
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(write));
    expect(await answeredFor(folder)).toEqual({ children: 6 * 3 * 15, datastreams: 0 });
    expect(await countedIn(tenant.id, folder)).toEqual({ children: 6 * 3 * 15, datastreams: 0 });
    expect((await rowsOf(tenant.id, folder)).length).toBeLessThanOrEqual(33 + 6);
  });

  it("are each tenant's own", async () => {
    const other = await t.newTenant();
    const folder = await box("Not the other tenant's");
    await box("Inside", folder);
    expect(await rowsOf(other.id, folder)).toEqual([]);
    const forged = inTenant(t.db, other.id, (trx) =>
      sql`insert into folder_counts (tenant_id, folder_key, children) values (${tenant.id}, ${folder}, 5)`.execute(trx),
    );
    await expect(forged).rejects.toThrow(/row-level security/);
    expect(await answeredFor(folder)).toEqual({ children: 1, datastreams: 0 });
  });
});
