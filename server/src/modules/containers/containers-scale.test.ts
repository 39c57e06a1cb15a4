import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { childPageIds, folderCounts, type ListPage } from "./repository.ts";
import { newContainer, newContainerType } from "./testing.ts";

const CHILDREN = 10_000;

let t: TestApp;
let tenant: TestTenant;
let folder: string;

type PlanNode = { "Node Type": string; "Relation Name"?: string; "Index Name"?: string; "Actual Rows"?: number; Plans?: PlanNode[] };

function scansOf(node: PlanNode): PlanNode[] {
  return [...(node["Relation Name"] ? [node] : []), ...(node.Plans ?? []).flatMap(scansOf)];
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "box");
  folder = (await newContainer(tenant.admin, { label: "Big folder", type: "box" })).uuid;
  // Written in bulk: 10 000 creations through HTTP would only test the same path 10 000 times, slowly.
  await inTenant(t.db, tenant.id, async (trx) => {
    const type = await trx.selectFrom("content_types").select("id").where("code", "=", "box").executeTakeFirstOrThrow();
    for (let chunk = 0; chunk < CHILDREN / 1000; chunk++) {
      const ids = Array.from({ length: 1000 }, () => uuidv7());
      await trx
        .insertInto("containers")
        .values(ids.map((id, index) => ({ tenant_id: tenant.id, id, label: `Item ${chunk * 1000 + index}`, type_id: type.id })))
        .execute();
      await trx
        .insertInto("container_edges")
        .values(ids.map((id) => ({ tenant_id: tenant.id, parent_id: folder, child_id: id })))
        .execute();
    }
  });
  await sql`analyze`.execute(t.db);
}, 120_000);
afterAll(() => t.close());

describe("a folder of 10 000 children", () => {
  it.each(["label", "createdAt"] as const)("reads a page sorted by %s from the index, one page of rows", async (sort) => {
    for (const direction of ["asc", "desc"] as const) {
      const page: ListPage = { page: 0, size: 20, sort, direction, offset: 0, limit: 20 };
      const scans = await inTenant(t.db, tenant.id, async (trx) => {
        const query = childPageIds(trx, folder, page).compile();
        const { rows } = await trx.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>({
          ...query,
          sql: `explain (analyze, format json) ${query.sql}`,
        });
        return scansOf(rows[0]?.["QUERY PLAN"][0].Plan ?? { "Node Type": "none" });
      });
      expect(scans, JSON.stringify(scans)).toEqual([
        expect.objectContaining({
          "Relation Name": "container_edges",
          "Index Name": sort === "label" ? "container_edges_by_label" : "container_edges_by_created",
          "Actual Rows": 20,
        }),
      ]);
    }
  });

  it("counts the folder from the few rows of its kept counts, not from its 10 000 edges", async () => {
    const plan = await inTenant(t.db, tenant.id, async (trx) => {
      const query = folderCounts(trx, folder).compile();
      const { rows } = await trx.executeQuery<{ "QUERY PLAN": [{ Plan: PlanNode }] }>({
        ...query,
        sql: `explain (analyze, format json) ${query.sql}`,
      });
      return rows[0]?.["QUERY PLAN"][0].Plan ?? { "Node Type": "none" };
    });
    // Which scan depends on the table's size (this tenant's few rows: a sequential one); what matters is what it reads.
    const scans = scansOf(plan);
    expect(
      scans.map((scan) => scan["Relation Name"]),
      JSON.stringify(scans),
    ).toEqual(["folder_counts"]);
    expect(scans[0]?.["Actual Rows"]).toBeLessThanOrEqual(33);
  });

  it("counts each listed child's own children", async () => {
    const first = (await tenant.admin.request("GET", `/api/containers/${folder}/children?size=3`)).json();
    const [withChild, without] = first.content as { uuid: string }[];
    await newContainer(tenant.admin, { label: "Inner", type: "box" }, withChild?.uuid);
    const again = (await tenant.admin.request("GET", `/api/containers/${folder}/children?size=3`)).json();
    expect(again.content.map((item: { uuid: string; childCount: number }) => [item.uuid, item.childCount]).slice(0, 2)).toEqual([
      [withChild?.uuid, 1],
      [without?.uuid, 0],
    ]);
  });

  it("sorts by the caller's stars: the starred first or last, each part by label, across pages", async () => {
    const firstPage = (await tenant.admin.request("GET", `/api/containers/${folder}/children?size=60`)).json();
    const [one, two] = [firstPage.content[40], firstPage.content[7]] as { uuid: string; label: string }[];
    for (const item of [one, two]) {
      const star = await tenant.admin.request("POST", "/api/tags/starred", {
        starred: true,
        objectId: item?.uuid,
        objectType: "CONTAINER",
      });
      expect(star.statusCode, star.body).toBeLessThan(300);
    }
    const labels = async (query: string) =>
      (await tenant.admin.request("GET", `/api/containers/${folder}/children?sort=starred&${query}`))
        .json()
        .content.map((item: { label: string }) => item.label);
    expect(await labels("direction=desc&size=4")).toEqual([two?.label, one?.label, "Item 0", "Item 1"]);
    expect(await labels("direction=desc&size=3&page=1")).toEqual(["Item 1", "Item 10", "Item 100"]);
    const lastPage = Math.ceil(firstPage.totalElements / 20) - 1;
    const tail = await labels(`direction=asc&size=20&page=${lastPage}`);
    expect(tail.slice(-2)).toEqual([two?.label, one?.label]);
  });

  it("answers the first and a later page in order, with the total", async () => {
    const first = (await tenant.admin.request("GET", `/api/containers/${folder}/children?size=20`)).json();
    expect(first.totalElements).toBe(CHILDREN);
    expect(first.content.map((item: { label: string }) => item.label).slice(0, 3)).toEqual(["Item 0", "Item 1", "Item 10"]);
    const late = (await tenant.admin.request("GET", `/api/containers/${folder}/children?size=20&page=499&sort=createdAt`)).json();
    expect(late).toMatchObject({ last: true, numberOfElements: 20 });
    expect(late.content.at(-1).label).toBe(`Item ${CHILDREN - 1}`);
    const read = (await tenant.admin.request("GET", `/api/containers/${folder}`)).json();
    expect(read.childCount).toBe(CHILDREN);
    expect(read.children).toHaveLength(50);
  });
});
