import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { removeContainer } from "../trash/testing.ts";
import { getContainer, newContainer, newContainerType } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "box");
});
afterAll(() => t.close());

const box = async (label: string, of: TestTenant = tenant) => (await newContainer(of.admin, { label, type: "box" })).uuid;

describe("publishing containers", () => {
  it("publishes and unpublishes, answers the state, and records both in the activity", async () => {
    const target = await box("To publish");
    expect((await getContainer(tenant.admin, target)).published).toBe(false);
    const published = await tenant.admin.request("POST", `/api/containers/${target}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ uuid: target, published: true, publishedAt: expect.any(String) });
    expect((await getContainer(tenant.admin, target)).published).toBe(true);
    const again = await tenant.admin.request("POST", `/api/containers/${target}/publish`);
    expect(again.json().publishedAt).toBe(published.json().publishedAt);

    const unpublished = await tenant.admin.request("POST", `/api/containers/${target}/unpublish`);
    expect(unpublished.json()).toEqual({ uuid: target, published: false, publishedAt: null });
    expect((await getContainer(tenant.admin, target)).published).toBe(false);
    const activity = (await tenant.admin.request("GET", `/api/containers/${target}/activity`)).json().content;
    expect(activity.slice(0, 2).map((item: { description: string }) => item.description)).toEqual(["Unpublished", "Published"]);
    expect(activity.slice(0, 2).map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "unpublished", params: { what: "unpublished" } },
      { action: "published", params: { what: "published" } },
    ]);
  });

  it("needs repox.store.container.publish; content editors alone may not", async () => {
    const target = await box("Guarded");
    const editor = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    for (const action of ["publish", "unpublish"]) {
      expect((await tenant.anonymous.request("POST", `/api/containers/${target}/${action}`)).statusCode).toBe(401);
      const answer = await editor.request("POST", `/api/containers/${target}/${action}`);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.containerPublish})`);
    }
    const publisher = await tenant.newUser({ permissions: [PERMISSIONS.containerPublish] });
    expect((await publisher.request("POST", `/api/containers/${target}/publish`)).json().published).toBe(true);
    expect((await tenant.admin.request("GET", `/api/containers/${target}`)).json().modifiedBy.uuid).toBe(publisher.uuid);
  });

  it("answers 404 for other tenants' containers, trashed ones and unknown ones, and 400 for a bad uuid", async () => {
    const other = await t.newTenant();
    const target = await box("Not theirs");
    for (const action of ["publish", "unpublish"]) {
      const foreign = await other.admin.request("POST", `/api/containers/${target}/${action}`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe(`Container ${target} not found`);
    }
    expect((await getContainer(tenant.admin, target)).published).toBe(false);
    const trashed = await box("Trashed before publishing");
    await removeContainer(tenant.admin, trashed);
    expect((await tenant.admin.request("POST", `/api/containers/${trashed}/publish`)).statusCode).toBe(404);
    expect((await tenant.admin.request("POST", "/api/containers/0190a0a0-0000-7000-8000-000000000000/publish")).statusCode).toBe(404);
    const bad = await tenant.admin.request("POST", "/api/containers/publish-me/publish");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("uuid");
  });
});
