import { PERMISSIONS } from "@repox/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newContainer, newContainerType, propertyValue } from "./testing.ts";

let t: TestApp;
let tenantA: TestTenant;
let tenantB: TestTenant;
let containerA: string;
let childA: string;
let containerB: string;

beforeAll(async () => {
  t = await createTestApp();
  tenantA = await t.newTenant();
  tenantB = await t.newTenant();
  for (const tenant of [tenantA, tenantB]) {
    await tenant.admin.request("POST", "/api/properties", { propertyKey: "note", displayName: "Note", propertyType: "text" });
    await newContainerType(tenant.admin, "box", {}, [{ propertyKey: "note" }]);
  }
  containerA = (
    await newContainer(tenantA.admin, { label: "A's box", type: "box", properties: [{ key: "note", value: propertyValue("secret") }] })
  ).uuid;
  childA = (await newContainer(tenantA.admin, { label: "A's child", type: "box" }, containerA)).uuid;
  containerB = (await newContainer(tenantB.admin, { label: "B's box", type: "box" })).uuid;
});
afterAll(() => t.close());

const writes = (uuid: string): [string, string, unknown][] => [
  ["POST", "/api/containers", { label: "New", type: "box" }],
  ["POST", `/api/containers?to=${uuid}`, { label: "New", type: "box" }],
  ["PUT", `/api/containers/${uuid}`, { id: uuid, label: "Changed", properties: [] }],
  ["PUT", `/api/containers/${uuid}/label`, { label: "Changed" }],
  ["PUT", `/api/containers/${uuid}/color`, { color: "#fff" }],
  ["POST", `/api/containers/${uuid}/move`, { from: "ROOT", to: "ROOT" }],
  ["POST", `/api/containers/${uuid}/link?to=ROOT`, undefined],
];
const reads = (uuid: string): [string, string][] => [
  ["GET", "/api/containers"],
  ["GET", `/api/containers/${uuid}`],
  ["GET", `/api/containers/${uuid}/children`],
  ["GET", `/api/containers/${uuid}/datastreams`],
  ["GET", `/api/containers/${uuid}/activity`],
  ["POST", `/api/containers/${uuid}/reports`],
];

describe("who may use containers", () => {
  it("answers 401 without a token, for reads and writes", async () => {
    for (const [method, url, body] of [...reads(containerA), ...writes(containerA)]) {
      const answer = await tenantA.anonymous.request(method as "GET", url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(401);
      expect(answer.json().message).toBe("Please sign in");
    }
  });

  it("lets every signed-in user read, and refuses writes without repox.store.content.edit with 403", async () => {
    const reader = await tenantA.newUser();
    for (const [method, url] of reads(containerA)) {
      expect((await reader.request(method as "GET", url)).statusCode, `${method} ${url}`).toBe(200);
    }
    for (const [method, url, body] of writes(containerA)) {
      const answer = await reader.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.contentEdit})`);
    }
    expect((await tenantA.admin.request("GET", `/api/containers/${containerA}`)).json().label).toBe("A's box");
  });

  it("lets a user holding repox.store.content.edit write", async () => {
    const editor = await tenantA.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const answer = await editor.request("POST", `/api/containers?to=${containerA}`, { label: "By an editor", type: "box" });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().createdBy.uuid).toBe(editor.uuid);
  });
});

describe("tenants stay apart", () => {
  it("answers 404 at tenant B for every read of tenant A's container", async () => {
    for (const [method, url] of reads(containerA).slice(1)) {
      const answer = await tenantB.admin.request(method as "GET", url);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json().message).toBe(`Container ${containerA} not found`);
    }
    const rootList = (await tenantB.admin.request("GET", "/api/containers")).json();
    expect(rootList.content.map((item: { uuid: string }) => item.uuid)).toEqual([containerB]);
  });

  it("answers 404 at tenant B for updates, moves and links that name tenant A's containers", async () => {
    const before = (await tenantA.admin.request("GET", `/api/containers/${containerA}`)).json();
    const attempts: [string, string, unknown][] = [
      ["PUT", `/api/containers/${containerA}`, { id: containerA, label: "Taken", properties: [] }],
      ["PUT", `/api/containers/${containerA}/label`, { label: "Taken" }],
      ["PUT", `/api/containers/${containerA}/color`, { color: "#000" }],
      ["POST", `/api/containers?to=${containerA}`, { label: "Planted", type: "box" }],
      ["POST", `/api/containers/${containerB}/move`, { from: "ROOT", to: containerA }],
      ["POST", `/api/containers/${childA}/move`, { from: containerA, to: containerB }],
      ["POST", `/api/containers/${containerB}/link?to=${containerA}`, undefined],
      ["POST", `/api/containers/${containerA}/link?to=${containerB}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await tenantB.admin.request(method as "POST", url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(404);
    }
    const untouched = (await tenantA.admin.request("GET", `/api/containers/${containerA}`)).json();
    expect(untouched).toEqual(before);
    expect(untouched).toMatchObject({ label: "A's box", color: null });
    expect((await tenantB.admin.request("GET", `/api/containers/${containerB}`)).json()).toMatchObject({ atRoot: true, parents: [] });
  });

  it("does not let a reference property point at another tenant's container", async () => {
    await tenantB.admin.request("POST", "/api/properties", {
      propertyKey: "link",
      displayName: "Link",
      propertyType: "reference",
      propertyDetails: "{}",
    });
    await newContainerType(tenantB.admin, "linker", {}, [{ propertyKey: "link" }]);
    const answer = await tenantB.admin.request("POST", "/api/containers", {
      label: "Pointer",
      type: "linker",
      properties: [{ key: "link", value: propertyValue(containerA) }],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(`Link: no container with id '${containerA}'`);
  });

  it("refuses tenant A's token at tenant B", async () => {
    const answer = await tenantB.as(tenantA.admin.token).request("GET", `/api/containers/${containerA}`);
    expect(answer.statusCode).toBe(401);
  });

  it("hides tenant A's content rows from a tenant B query that forgets its filter (row-level security)", async () => {
    const seen = await inTenant(t.db, tenantB.id, async (trx) => ({
      containers: await trx.selectFrom("containers").select("id").execute(),
      edges: await trx.selectFrom("container_edges").select("child_id").execute(),
      values: await trx.selectFrom("property_values").select("object_id").execute(),
      activity: await trx.selectFrom("activity").select("object_id").execute(),
    }));
    expect(seen.containers.map((row) => row.id)).toEqual([containerB]);
    expect(seen.edges.map((row) => row.child_id)).toEqual([containerB]);
    expect(seen.values).toEqual([]);
    expect(new Set(seen.activity.map((row) => row.object_id))).toEqual(new Set([containerB]));

    const planted = inTenant(t.db, tenantB.id, (trx) =>
      trx.insertInto("container_edges").values({ tenant_id: tenantA.id, parent_id: containerA, child_id: childA }).execute(),
    );
    await expect(planted).rejects.toThrow(/row-level security/);
    const count = await inTenant(t.db, tenantA.id, (trx) =>
      sql<{ n: number }>`select count(*)::int as n from property_values`.execute(trx),
    );
    expect(count.rows[0]?.n).toBe(1);
  });
});

describe("bad input", () => {
  it.each([
    ["malformed JSON", "POST", "/api/containers", "{label:", 400, "The request body is not valid JSON"],
    ["a label that is a number", "POST", "/api/containers", { label: 5, type: "box" }, 400, "Invalid body: label must be text"],
    [
      "a huge label",
      "POST",
      "/api/containers",
      { label: "x".repeat(100_000), type: "box" },
      400,
      "Invalid body: label must be at most 255 characters",
    ],
    ["properties that are not a list", "POST", "/api/containers", { label: "x", type: "box", properties: "note" }, 400, null],
    ["a property key that is a number", "POST", "/api/containers", { label: "x", type: "box", properties: [{ key: 5 }] }, 400, null],
    [
      "a property value that is a number",
      "POST",
      "/api/containers",
      { label: "x", type: "box", properties: [{ key: "note", value: 5 }] },
      400,
      null,
    ],
    [
      "too many property entries",
      "POST",
      "/api/containers",
      { label: "x", type: "box", properties: Array.from({ length: 2001 }, () => ({ key: "note", value: null })) },
      400,
      "Invalid body: properties must hold at most 2000 entries",
    ],
    [
      "a NUL character",
      "POST",
      "/api/containers",
      { label: "a\u0000b", type: "box" },
      400,
      "Invalid body: label must not contain the NUL character",
    ],
    [
      "a parent that is not a uuid",
      "POST",
      "/api/containers?to=abc",
      { label: "x", type: "box" },
      400,
      "Invalid querystring: to must be a container uuid or ROOT",
    ],
    ["a path that is not a uuid", "GET", "/api/containers/not-a-uuid", undefined, 400, null],
    [
      "an unknown uuid",
      "GET",
      "/api/containers/0190b1a0-0000-7000-8000-0000000000dd",
      undefined,
      404,
      "Container 0190b1a0-0000-7000-8000-0000000000dd not found",
    ],
    ["a colour that is not text", "PUT", "/api/containers/{A}/color", { color: 5 }, 400, null],
    ["a move without a destination", "POST", "/api/containers/{A}/move", { from: "ROOT" }, 400, null],
    ["a page that is not a number", "GET", "/api/containers?page=x", undefined, 400, null],
  ])("refuses %s", async (_case, method, url, body, status, message) => {
    const answer = await tenantA.admin.request(
      method as "GET",
      url.replace("{A}", containerA),
      body,
      typeof body === "string" ? { "content-type": "application/json" } : {},
    );
    expect(answer.statusCode).toBe(status);
    const json = answer.json();
    expect(json.status).toBe(status);
    if (message) expect(json.message).toBe(message);
    else expect(json.message).toMatch(/^Invalid (body|params|querystring): /);
  });

  it("refuses a body sent as text/plain with 415", async () => {
    const answer = await tenantA.admin.request("POST", "/api/containers", "label", { "content-type": "text/plain" });
    expect(answer.statusCode).toBe(415);
  });
});

describe("deleted users", () => {
  it("keep their content: createdBy and the activity's user become null", async () => {
    const editor = await tenantA.newUser({ permissions: [PERMISSIONS.contentEdit], username: "leaver" });
    const made = (await newContainer(editor, { label: "Left behind", type: "box" })).uuid;
    expect((await tenantA.admin.request("DELETE", `/api/users/${editor.uuid}`)).statusCode).toBe(204);
    const read = (await tenantA.admin.request("GET", `/api/containers/${made}`)).json();
    expect(read).toMatchObject({ label: "Left behind", createdBy: null, modifiedBy: null });
    const activity = (await tenantA.admin.request("GET", `/api/containers/${made}/activity`)).json();
    expect(activity.content).toEqual([expect.objectContaining({ action: "created", user: null })]);
  });
});
