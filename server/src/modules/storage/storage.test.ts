import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newBox, setUpFileModel, storageUsed, upload, uploadOne } from "../datastreams/testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let box: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  await setUpFileModel(tenant.admin);
  await setUpFileModel(other.admin);
  box = await newBox(tenant.admin);
});
afterAll(() => t.close());

type Item = { uuid: string; label: string; filesize: number; inTrash: boolean; container: { uuid: string; label: string } | null };

describe("storage used", () => {
  it("starts at zero with the operator's quota as the total", async () => {
    expect((await tenant.admin.request("GET", "/api/storage/info")).json()).toEqual({ used: 0, total: 1024 ** 3 });
  });

  it("counts a file held by two datastreams once, and a trashed datastream's file until it is purged", async () => {
    const content = randomBytes(4000);
    await uploadOne(tenant.admin, box, { name: "one.bin", content });
    const second = await uploadOne(tenant.admin, box, { name: "two.bin", content });
    expect(await storageUsed(tenant.admin)).toBe(4000);
    await uploadOne(tenant.admin, box, { name: "three.bin", content: randomBytes(1000) });
    expect(await storageUsed(tenant.admin)).toBe(5000);
    await tenant.admin.request("POST", `/api/datastreams/${second.uuid}/remove?from=${box}`);
    expect(await storageUsed(tenant.admin)).toBe(5000);
  });

  it("is each tenant's own", async () => {
    const otherBox = await newBox(other.admin);
    await uploadOne(other.admin, otherBox, { name: "b.bin", content: randomBytes(700) });
    expect(await storageUsed(other.admin)).toBe(700);
    expect(await storageUsed(tenant.admin)).toBe(5000);
  });
});

describe("the storage list", () => {
  it("lists every datastream largest first, newest first among equals, 20 a page, with name, size, date and creator", async () => {
    const fresh = await t.newTenant();
    await setUpFileModel(fresh.admin);
    const target = await newBox(fresh.admin, "Files");
    const sizes = Array.from({ length: 22 }, (_, index) => 100 + (index % 11) * 10);
    const created = await upload(
      fresh.admin,
      target,
      sizes.map((size, index) => ({ name: `f${String(index).padStart(2, "0")}.bin`, content: randomBytes(size) })),
    );
    const first = (await fresh.admin.request("GET", "/api/storage/items")).json();
    expect(first).toMatchObject({ size: 20, number: 0, totalElements: 22, totalPages: 2, first: true, last: false, numberOfElements: 20 });
    const second = (await fresh.admin.request("GET", "/api/storage/items?page=1")).json();
    expect(second).toMatchObject({ last: true, numberOfElements: 2 });
    const items: Item[] = [...first.content, ...second.content];
    expect(items.map((item) => item.filesize)).toEqual([...sizes].sort((a, b) => b - a));
    // Same size: the later one (f21 after f10) comes first.
    expect(items.slice(0, 2).map((item) => item.label)).toEqual(["f21.bin", "f10.bin"]);
    expect(first.content[0]).toMatchObject({
      mimeType: "application/octet-stream",
      createdBy: { uuid: fresh.admin.uuid },
      inTrash: false,
      container: { uuid: target, label: "Files" },
    });
    expect(new Set(items.map((item) => item.uuid))).toEqual(new Set(created.map((item) => item.uuid)));
  });

  it("shows a trashed datastream as in the trash, with no container", async () => {
    const items = async (): Promise<Item[]> => (await tenant.admin.request("GET", "/api/storage/items?size=200")).json().content;
    const trashed = (await items()).find((item) => item.label === "two.bin");
    expect(trashed).toMatchObject({ inTrash: true, container: null });
    expect((await items()).map((item) => item.label)).not.toContain("b.bin");
  });

  it("answers 400 for a bad page", async () => {
    expect((await tenant.admin.request("GET", "/api/storage/items?page=-1")).statusCode).toBe(400);
    expect((await tenant.admin.request("GET", "/api/storage/items?size=100000")).statusCode).toBe(400);
  });
});
