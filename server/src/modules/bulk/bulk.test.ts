import { BULK_LIMITS, PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, getContainer, insertDatastream, newContainer } from "../containers/testing.ts";
import { getDatastream, setUpFileModel } from "../datastreams/testing.ts";

let t: TestApp;
let tenantA: TestTenant;
let tenantB: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenantA = await t.newTenant();
  tenantB = await t.newTenant();
  for (const tenant of [tenantA, tenantB]) await setUpFileModel(tenant.admin);
});
afterAll(() => t.close());

type Item = { objectType: "CONTAINER" | "DATASTREAM"; objectId: string };
const container = (objectId: string): Item => ({ objectType: "CONTAINER", objectId });
const datastream = (objectId: string): Item => ({ objectType: "DATASTREAM", objectId });

const box = async (label: string, to?: string, of: TestTenant = tenantA) => (await newContainer(of.admin, { label, type: "box" }, to)).uuid;
const file = (label: string, holder: string, of: TestTenant = tenantA) =>
  insertDatastream(t, of, { containerIds: [holder], typeCode: "file", label });

async function bulk(caller: Caller, action: string, body: unknown) {
  const answer = await caller.request("POST", `/api/content/bulk/${action}`, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().results as { objectType: string; objectId: string; ok: boolean; message?: string }[];
}

const tagsOf = async (caller: Caller, item: Item) =>
  (await caller.request("GET", `/api/${item.objectType === "CONTAINER" ? "containers" : "datastreams"}/${item.objectId}/tags`))
    .json()
    .map((tag: { name: string }) => tag.name);

describe("bulk actions", () => {
  it("moves folders and files out of one folder into another, each in its own step", async () => {
    const from = await box("Move from");
    const to = await box("Move to");
    const [a, b] = [await box("Move A", from), await box("Move B", from)];
    const f = await file("move.bin", from);
    const results = await bulk(tenantA.admin, "move", { items: [container(a), container(b), datastream(f)], from, to });
    expect(results).toEqual([
      { ...container(a), ok: true },
      { ...container(b), ok: true },
      { ...datastream(f), ok: true },
    ]);
    expect((await getContainer(tenantA.admin, to)).children.map((child) => child.label).sort()).toEqual(["Move A", "Move B"]);
    expect((await getDatastream(tenantA.admin, f)).membership.map((holder) => holder.uuid)).toEqual([to]);
  });

  it("moves what it may and names each refused item with the reason its own route gives", async () => {
    const from = await box("Partial from");
    const inner = await box("Partial inner", from);
    const sibling = await box("Partial sibling", from);
    const f = await file("partial.bin", from);
    const stranger = await box("B's box", undefined, tenantB);
    const toRoot = await bulk(tenantA.admin, "move", { items: [container(sibling), datastream(f)], from, to: "ROOT" });
    expect(toRoot).toEqual([
      { ...container(sibling), ok: true },
      { ...datastream(f), ok: false, message: "Select a different destination" },
    ]);
    const intoItself = await bulk(tenantA.admin, "move", {
      items: [container(inner), container(stranger), datastream(f)],
      from,
      to: inner,
    });
    expect(intoItself.map((result) => result.ok)).toEqual([false, false, true]);
    expect(intoItself[0]?.message).toMatch(/.+/);
    expect(intoItself[1]?.message).toBe(`Container ${stranger} not found`);
    expect((await getDatastream(tenantA.admin, f)).membership.map((holder) => holder.uuid)).toEqual([inner]);
    expect((await getContainer(tenantA.admin, inner)).parents.map((parent) => parent.uuid)).toEqual([from]);
  });

  it("links, stars, tags and colours several items and says which were already there", async () => {
    const holder = await box("Link holder");
    const target = await box("Link target");
    const [a, b] = [await box("Link A", holder), await box("Link B", holder)];
    const f = await file("link.bin", holder);
    const items = [container(a), container(b), datastream(f)];

    await bulk(tenantA.admin, "link", { items: [container(a)], to: target });
    const linked = await bulk(tenantA.admin, "link", { items, to: target });
    expect(linked.map((result) => result.ok)).toEqual([false, true, true]);
    expect(linked[0]?.message).toMatch(/.+/);
    expect((await getContainer(tenantA.admin, target)).children.map((child) => child.uuid).sort()).toEqual([a, b].sort());

    expect((await bulk(tenantA.admin, "star", { items, starred: true })).every((result) => result.ok)).toBe(true);
    expect((await getContainer(tenantA.admin, a)).starred).toBe(true);
    expect((await getDatastream(tenantA.admin, f)).starred).toBe(true);
    await bulk(tenantA.admin, "star", { items: [container(a)], starred: false });
    expect((await getContainer(tenantA.admin, a)).starred).toBe(false);

    const tag = await created<{ id: number }>(tenantA.admin, "/api/tags", { name: "Bulk tagged" });
    expect((await bulk(tenantA.admin, "tag", { items, tagId: tag.id, assigned: true })).every((result) => result.ok)).toBe(true);
    for (const item of items) expect(await tagsOf(tenantA.admin, item)).toEqual(["Bulk tagged"]);
    await bulk(tenantA.admin, "tag", { items: [datastream(f)], tagId: tag.id, assigned: false });
    expect(await tagsOf(tenantA.admin, datastream(f))).toEqual([]);
    const missingTag = await bulk(tenantA.admin, "tag", { items: [container(a)], tagId: 999_999, assigned: true });
    expect(missingTag).toEqual([{ ...container(a), ok: false, message: expect.stringMatching(/not found/) }]);

    expect((await bulk(tenantA.admin, "color", { items, color: "#ABC" })).every((result) => result.ok)).toBe(true);
    expect((await getContainer(tenantA.admin, b)).color).toBe("#abc");
    expect((await getDatastream(tenantA.admin, f)).color).toBe("#abc");
    await bulk(tenantA.admin, "color", { items, color: null });
    expect((await getContainer(tenantA.admin, b)).color).toBeNull();
    const wrongColor = await tenantA.admin.request("POST", "/api/content/bulk/color", { items, color: "#12" });
    expect(wrongColor.statusCode).toBe(400);
    expect(wrongColor.json().message).toBe("Invalid hex color value: #12");
  });

  it("publishes and unpublishes containers and refuses files one by one", async () => {
    const [a, b] = [await box("Publish A"), await box("Publish B")];
    const f = await file("publish.bin", a);
    const published = await bulk(tenantA.admin, "publish", { items: [container(a), datastream(f), container(b)], published: true });
    expect(published).toEqual([
      { ...container(a), ok: true },
      { ...datastream(f), ok: false, message: "Only containers can be published" },
      { ...container(b), ok: true },
    ]);
    expect((await getContainer(tenantA.admin, b)).published).toBe(true);
    await bulk(tenantA.admin, "publish", { items: [container(a), container(b)], published: false });
    expect((await getContainer(tenantA.admin, a)).published).toBe(false);
  });
});

describe("who may use bulk actions", () => {
  it("refuses editing actions without repox.store.content.edit and publishing without repox.store.container.publish", async () => {
    const target = await box("Guarded");
    const items = [container(target)];
    const editor = await tenantA.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const reader = await tenantA.newUser({ permissions: [] });
    const edits: [string, unknown][] = [
      ["move", { items, from: "ROOT", to: await box("Guarded destination") }],
      ["link", { items, to: await box("Guarded link") }],
      ["tag", { items, tagId: 1, assigned: true }],
      ["color", { items, color: "#fff" }],
    ];
    for (const [action, body] of edits) {
      const answer = await reader.request("POST", `/api/content/bulk/${action}`, body);
      expect(answer.statusCode, action).toBe(403);
      expect(answer.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.contentEdit})`);
    }
    const publish = await editor.request("POST", "/api/content/bulk/publish", { items, published: true });
    expect(publish.statusCode).toBe(403);
    expect(publish.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.containerPublish})`);
    expect((await getContainer(tenantA.admin, target)).published).toBe(false);
    expect((await getContainer(tenantA.admin, target)).color).toBeNull();
    // Stars are each user's own: a reader may star.
    expect(await bulk(reader, "star", { items, starred: true })).toEqual([{ ...container(target), ok: true }]);
    expect((await getContainer(tenantA.admin, target)).starred).toBe(false);
  });

  it("answers 401 without a token, refuses a token of another tenant and finds no item of another tenant", async () => {
    const mine = await box("A's own");
    const theirs = await box("B's own", undefined, tenantB);
    const body = { items: [container(mine)], starred: true };
    expect((await tenantA.anonymous.request("POST", "/api/content/bulk/star", body)).statusCode).toBe(401);
    const foreignToken = await tenantB.as(tenantA.admin.token).request("POST", "/api/content/bulk/star", body);
    expect(foreignToken.statusCode).toBe(401);
    const results = await bulk(tenantB.admin, "color", { items: [container(mine), container(theirs)], color: "#123456" });
    expect(results).toEqual([
      { ...container(mine), ok: false, message: `Container ${mine} not found` },
      { ...container(theirs), ok: true },
    ]);
    expect((await getContainer(tenantA.admin, mine)).color).toBeNull();
  });

  it("answers 400 for an empty list, too many items and malformed bodies", async () => {
    const target = await box("Bad input");
    const tooMany = Array.from({ length: BULK_LIMITS.maxItemsPerRequest + 1 }, () => container(target));
    const cases: [string, unknown, RegExp][] = [
      ["star", { items: [], starred: true }, /choose at least one item/],
      ["star", { items: tooMany, starred: true }, new RegExp(`at most ${BULK_LIMITS.maxItemsPerRequest} items`)],
      ["star", { items: [{ objectType: "FOLDER", objectId: target }], starred: true }, /must be one of CONTAINER, DATASTREAM/],
      ["star", { items: [container("not-a-uuid")], starred: true }, /must be a valid UUID/],
      ["move", { items: [container(target)], from: "ROOT", to: "somewhere" }, /must be a container uuid or ROOT/],
      ["tag", { items: [container(target)], tagId: "x", assigned: true }, /must be a tag id/],
      ["publish", { items: [container(target)] }, /must be true or false/],
    ];
    for (const [action, body, message] of cases) {
      const answer = await tenantA.admin.request("POST", `/api/content/bulk/${action}`, body);
      expect(answer.statusCode, `${action} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
  });
});
