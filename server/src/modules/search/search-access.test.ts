// POST /api/search and /api/containers/search: who sees what (users and groups need the IAM permission), the
// operations, datastreams, the reference picker's types, tenant isolation and bad input.
import { PERMISSIONS } from "@repox/contracts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { type ContainerAnswer, insertDatastream, newContainer, propertyValue } from "../containers/testing.ts";
import { containerLabels, pickContainers, search, setUpSearchModel } from "./testing.ts";

let t: TestApp;
let a: TestTenant;
let b: TestTenant;
let box: ContainerAnswer;
let shelf: ContainerAnswer;

beforeAll(async () => {
  t = await createTestApp();
  a = await t.newTenant();
  b = await t.newTenant();
  await setUpSearchModel(a.admin);
  await setUpSearchModel(b.admin);
  box = await newContainer(a.admin, { label: "Αθήνα box", type: "box" });
  shelf = await newContainer(a.admin, { label: "Athens shelf", type: "item" });
  await newContainer(a.admin, {
    label: "Vase",
    type: "item",
    properties: [{ key: "description", value: propertyValue("Bought in Athens, secret provenance") }],
  });
  await newContainer(a.admin, { label: "Old Athens box", type: "box" });
  await insertDatastream(t, a, { containerIds: [box.uuid, shelf.uuid], typeCode: "file", label: "Athens map.pdf" });
  await a.newUser({ username: "athena", permissions: [] });
  await a.admin.request("POST", "/api/groups", { name: "Athens office", description: "Staff in Greece", iamPermissions: [] });
  await newContainer(b.admin, { label: "Beograd box", type: "box" });
});
afterAll(() => t.close());

describe("groups of results", () => {
  it("answers containers, datastreams, users and groups to a holder of the IAM permission", async () => {
    const found = await search(a.admin, "athen");
    expect(found.containers.map((c) => c.label)).toEqual(["Athens shelf", "Old Athens box", "Vase"]);
    expect(found.containers[0]?.type).toEqual({ code: "item", name: "Type item", layout: "DEFAULT" });
    expect(found.datastreams).toHaveLength(1);
    expect(found.datastreams[0]).toMatchObject({
      label: "Athens map.pdf",
      mimeType: "application/octet-stream",
      parentUuid: box.uuid,
      membership: [{ uuid: box.uuid }, { uuid: shelf.uuid }],
    });
    expect(found.users.map((user) => user.username)).toEqual(["athena"]);
    // newUser made a group "athena group" for the user.
    expect(found.groups.map((group) => group.name)).toEqual(["athena group", "Athens office"]);
  });

  it("finds groups by their description and users by their e-mail", async () => {
    expect((await search(a.admin, "greece")).groups.map((group) => group.name)).toEqual(["Athens office"]);
    expect((await search(a.admin, "athena@example")).users.map((user) => user.username)).toEqual(["athena"]);
  });

  it("answers no users or groups to a signed-in user without the IAM permission", async () => {
    const reader = await a.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const found = await search(reader, "athen");
    expect(found.containers.map((c) => c.label)).toEqual(["Athens shelf", "Old Athens box", "Vase"]);
    expect(found.datastreams).toHaveLength(1);
    expect(found.users).toEqual([]);
    expect(found.groups).toEqual([]);
    const viewer = await a.newUser({ permissions: [PERMISSIONS.settingsIamShow] });
    expect((await search(viewer, "athen")).users.map((user) => user.username)).toEqual(["athena"]);
  });

  it("answers only containers with OP_CONTAINER, only datastreams with OP_DATASTREAM", async () => {
    const containers = await search(a.admin, "athens", { field: "", operation: "OP_CONTAINER", value: "" });
    expect(containers.containers.map((c) => c.label)).toEqual(["Athens shelf", "Old Athens box", "Vase"]);
    expect(containers.datastreams).toEqual([]);
    expect(containers.users).toEqual([]);
    expect(containers.groups).toEqual([]);
    const datastreams = await search(a.admin, "athens", { operation: "OP_DATASTREAM" });
    expect(datastreams.containers).toEqual([]);
    expect(datastreams.datastreams.map((d) => d.label)).toEqual(["Athens map.pdf"]);
  });

  it("takes the text from the body's value when q is blank (the move picker sends both)", async () => {
    expect(await containerLabels(a.admin, "", { field: "label", operation: "OP_CONTAINER", value: "athens" })).toEqual([
      "Athens shelf",
      "Old Athens box",
    ]);
  });

  it("refuses a caller who is not signed in", async () => {
    const answer = await a.anonymous.request("POST", "/api/search?q=athens");
    expect(answer.statusCode).toBe(401);
    expect((await a.anonymous.request("POST", "/api/containers/search", { containerTypes: [] })).statusCode).toBe(401);
  });
});

describe("the reference picker (POST /api/containers/search)", () => {
  it("answers containers of the listed types only, by label without q", async () => {
    const boxes = await pickContainers(a.admin, { containerTypes: ["box"] });
    expect(boxes.map((c) => c.label)).toEqual(["Old Athens box", "Αθήνα box"]);
    expect(boxes[0]?.type.code).toBe("box");
    expect(boxes[1]?.uuid).toBe(box.uuid);
    expect((await pickContainers(a.admin, { containerTypes: ["box", "ITEM"] })).map((c) => c.label)).toEqual([
      "Athens shelf",
      "Old Athens box",
      "Vase",
      "Αθήνα box",
    ]);
  });

  it("filters by q ignoring accents and typos, any type with an empty list, nothing for unknown types", async () => {
    expect((await pickContainers(a.admin, { containerTypes: ["box"], q: "ATHINA" })).map((c) => c.label)).toEqual([]);
    expect((await pickContainers(a.admin, { containerTypes: ["box"], q: "αθηνα" })).map((c) => c.label)).toEqual(["Αθήνα box"]);
    expect((await pickContainers(a.admin, { containerTypes: ["box"], q: "atens" })).map((c) => c.label)).toEqual(["Old Athens box"]);
    expect((await pickContainers(a.admin, { containerTypes: [], q: "athens" })).map((c) => c.label)).toEqual([
      "Athens shelf",
      "Old Athens box",
    ]);
    expect(await pickContainers(a.admin, { containerTypes: ["no-such-type"] })).toEqual([]);
  });

  it("answers at most size containers", async () => {
    expect(await pickContainers(a.admin, { containerTypes: [], size: 2 })).toHaveLength(2);
  });
});

describe("tenants", () => {
  it("never answers another tenant's content, even to a text that matches it", async () => {
    const found = await search(b.admin, "athens");
    expect(found).toEqual({ containers: [], datastreams: [], users: [], groups: [] });
    expect(await containerLabels(b.admin, "αθηνα")).toEqual([]);
    expect(await containerLabels(b.admin, "provenance")).toEqual([]);
    expect(await containerLabels(b.admin, "atens")).toEqual([]);
    expect(await containerLabels(b.admin, "beograd")).toEqual(["Beograd box"]);
    expect((await pickContainers(b.admin, { containerTypes: ["box"] })).map((c) => c.label)).toEqual(["Beograd box"]);
    expect(await containerLabels(a.admin, "beograd")).toEqual([]);
  });

  it("keeps the search function to the transaction's tenant, and refuses a token of another tenant", async () => {
    const rows = await inTenant(t.db, b.id, async (trx) => {
      const { rows } = await sql<{ found_id: string }>`select found_id
        from search_content('container', '', null, false, 100)`.execute(trx);
      return rows.map((row) => row.found_id);
    });
    expect(rows).toHaveLength(1);
    const foreign = await b.as(a.admin.token).request("POST", "/api/search?q=athens");
    expect(foreign.statusCode).toBe(401);
  });
});

describe("bad input", () => {
  it("refuses a text over 200 characters, an unknown operation or field, and a size out of range", async () => {
    const long = await a.admin.request("POST", `/api/search?q=${"a".repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/q.*at most 200 characters/);
    const operation = await a.admin.request("POST", "/api/search?q=athens", { operation: "OP_EVERYTHING" });
    expect(operation.statusCode).toBe(400);
    expect(operation.json().message).toMatch(/operation.*OP_CONTAINER, OP_DATASTREAM/);
    expect((await a.admin.request("POST", "/api/search?q=athens", { field: "description" })).statusCode).toBe(400);
    expect((await a.admin.request("POST", "/api/search?q=athens&size=0")).statusCode).toBe(400);
    expect((await a.admin.request("POST", "/api/search?q=athens&size=51")).statusCode).toBe(400);
    expect((await a.admin.request("POST", "/api/search?q=athens", { value: 12 })).statusCode).toBe(400);
    expect((await a.admin.request("POST", "/api/search?q=athens", "not json", { "content-type": "application/json" })).statusCode).toBe(
      400,
    );
  });

  it("refuses bad picker bodies", async () => {
    const notList = await a.admin.request("POST", "/api/containers/search", { containerTypes: "box" });
    expect(notList.statusCode).toBe(400);
    expect(notList.json().message).toMatch(/containerTypes/);
    expect((await a.admin.request("POST", "/api/containers/search", { containerTypes: [], q: "x".repeat(201) })).statusCode).toBe(400);
    expect((await a.admin.request("POST", "/api/containers/search", { containerTypes: Array(201).fill("box") })).statusCode).toBe(400);
  });

  it("answers texts made only of punctuation, SQL and tsquery syntax without an error", async () => {
    for (const q of ["!!!", "'", "a & b | !c", "foo:*", "%_\\", "(", "<->", "Ωμέγα's", "ﬁ ½ ™"]) {
      const answer = await a.admin.request("POST", `/api/search?q=${encodeURIComponent(q)}`);
      expect(answer.statusCode, q).toBe(200);
    }
    expect((await pickContainers(a.admin, { containerTypes: ["box"], q: "'); drop table containers; --" })).length).toBe(0);
  });
});
