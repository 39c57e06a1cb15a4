import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, datastreamTypeBody, insertDatastream, newContainer, newContainerType } from "../containers/testing.ts";
import { removeContainer } from "../trash/testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "box", { name: "box" });
  await newContainerType(tenant.admin, "album", { name: "Album" });
  await newContainerType(tenant.admin, "empty", { name: "Élan, never used" });
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("pdf", { name: "PDF document" }));
  await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("image", { name: "Image" }));
});
afterAll(() => t.close());

const report = (caller: TestTenant["admin"], kind: string) => caller.request("POST", `/api/reports/${kind}`);

describe("type reports", () => {
  it("counts live containers and datastreams per type, lists every type with 0 included, by label", async () => {
    const boxes = [];
    for (const label of ["One", "Two", "Three"]) boxes.push((await newContainer(tenant.admin, { label, type: "box" })).uuid);
    const album = (await newContainer(tenant.admin, { label: "Album", type: "album" })).uuid;
    const trashedBox = boxes[2] as string;
    await insertDatastream(t, tenant, { containerIds: [album], typeCode: "image", label: "a.jpg" });
    await insertDatastream(t, tenant, { containerIds: [album], typeCode: "image", label: "b.jpg" });
    await insertDatastream(t, tenant, { containerIds: [trashedBox], typeCode: "image", label: "gone.jpg" });
    await removeContainer(tenant.admin, trashedBox);

    const containers = await report(tenant.admin, "container_types");
    expect(containers.statusCode).toBe(200);
    expect(containers.json()).toEqual([
      { label: "Album", value: 1 },
      { label: "box", value: 2 },
      { label: "Élan, never used", value: 0 },
    ]);
    expect((await report(tenant.admin, "datastream_types")).json()).toEqual([
      { label: "Image", value: 2 },
      { label: "PDF document", value: 0 },
    ]);
  });

  it("needs repox.store.reports.show", async () => {
    const plain = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const viewer = await tenant.newUser({ permissions: [PERMISSIONS.reportsShow] });
    for (const kind of ["container_types", "datastream_types"]) {
      expect((await report(tenant.anonymous as TestTenant["admin"], kind)).statusCode).toBe(401);
      const refused = await report(plain, kind);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.reportsShow})`);
      expect((await report(viewer, kind)).statusCode).toBe(200);
    }
  });

  it("counts only the caller's tenant", async () => {
    const other = await t.newTenant();
    await newContainerType(other.admin, "box", { name: "box" });
    expect((await report(other.admin, "container_types")).json()).toEqual([{ label: "box", value: 0 }]);
    expect(await (await report(other.admin, "datastream_types")).json()).toEqual([]);
  });

  it("accepts an empty JSON body and refuses malformed JSON with 400", async () => {
    expect((await tenant.admin.request("POST", "/api/reports/container_types", {})).statusCode).toBe(200);
    const malformed = await tenant.admin.request("POST", "/api/reports/container_types", "{", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
  });
});
