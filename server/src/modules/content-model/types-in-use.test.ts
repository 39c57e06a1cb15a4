// Deleting a container or datastream type that content is of: refused with how many items (trashed ones too) hold it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newContainer, newContainerType } from "../containers/testing.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { removeContainer, trashItems } from "../trash/testing.ts";
import { containerTypeBody, created, datastreamTypeBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpFileModel(tenant.admin);
});
afterAll(() => t.close());

const deleteType = (path: string) => tenant.admin.request("DELETE", path);

async function deleteForGood(uuids: string[], objectType: "CONTAINER" | "DATASTREAM" = "CONTAINER"): Promise<void> {
  const objects = uuids.map((objectId) => ({ objectType, objectId }));
  const answer = await tenant.admin.request("DELETE", "/api/trash/items", { objects });
  if (answer.statusCode !== 200) throw new Error(`delete for good answered ${answer.statusCode}: ${answer.body}`);
}

describe("deleting a container type that containers are of", () => {
  it("counts the containers, then those in the trash, and deletes the type once none is left", async () => {
    await newContainerType(tenant.admin, "crate");
    const first = (await newContainer(tenant.admin, { label: "First crate", type: "crate" })).uuid;
    const second = (await newContainer(tenant.admin, { label: "Second crate", type: "crate" })).uuid;

    const live = await deleteType("/api/container_types/crate");
    expect(live.statusCode).toBe(409);
    expect(live.json()).toEqual({
      status: 409,
      error: "Conflict",
      message: "Container type 'crate' is in use by 2 containers; delete them first",
    });

    await removeContainer(tenant.admin, first);
    const partly = await deleteType("/api/container_types/crate");
    expect(partly.statusCode).toBe(409);
    expect(partly.json().message).toBe(
      "Container type 'crate' is in use by 2 containers (1 of them in the trash); delete them first, those in the trash for good",
    );

    await removeContainer(tenant.admin, second);
    const trashed = await deleteType("/api/container_types/crate");
    expect(trashed.json().message).toBe(
      "Container type 'crate' is in use by 2 containers (all in the trash); delete them for good from the trash first",
    );
    expect((await tenant.admin.request("GET", "/api/container_types/crate")).statusCode).toBe(200);

    await deleteForGood([first]);
    const last = await deleteType("/api/container_types/crate");
    expect(last.json().message).toBe(
      "Container type 'crate' is in use by 1 container (in the trash); delete it for good from the trash first",
    );

    await deleteForGood([second]);
    expect((await deleteType("/api/container_types/crate")).statusCode).toBe(204);
    expect((await tenant.admin.request("GET", "/api/container_types/crate")).statusCode).toBe(404);
  });

  it("names the acceptance list and the containers together", async () => {
    await newContainerType(tenant.admin, "drawer");
    await created(tenant.admin, "/api/container_types", containerTypeBody("cabinet", { containerAcceptance: "drawer" }));
    const drawer = (await newContainer(tenant.admin, { label: "Top drawer", type: "drawer" })).uuid;

    const answer = await deleteType("/api/container_types/drawer");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      "Container type 'drawer' is in use by the acceptance list of container type 'cabinet', 1 container; delete it first",
    );
    expect((await tenant.admin.request("GET", `/api/containers/${drawer}`)).json().type.code).toBe("drawer");
  });

  it("counts only the tenant's own containers", async () => {
    const other = await t.newTenant();
    await newContainerType(other.admin, "ledger");
    await newContainer(other.admin, { label: "Other tenant's ledger", type: "ledger" });
    await newContainerType(tenant.admin, "ledger");

    expect((await deleteType("/api/container_types/ledger")).statusCode).toBe(204);
    const theirs = await other.admin.request("DELETE", "/api/container_types/ledger");
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe("Container type 'ledger' is in use by 1 container; delete it first");
  });
});

describe("deleting a datastream type that datastreams are of", () => {
  it("counts the uploaded datastreams, trashed ones too", async () => {
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("scan"));
    const box = await newBox(tenant.admin, "Box of scans");
    const kept = await uploadOne(tenant.admin, box, { name: "kept.txt", content: Buffer.from("kept scan") }, { type: "scan" });
    const removed = await uploadOne(tenant.admin, box, { name: "removed.txt", content: Buffer.from("removed scan") }, { type: "scan" });

    const live = await deleteType("/api/datastream_types/scan");
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe("Datastream type 'scan' is in use by 2 datastreams; delete them first");

    const removal = await tenant.admin.request("POST", `/api/datastreams/${removed.uuid}/remove?from=${box}`);
    expect(removal.statusCode, removal.body).toBe(200);
    expect((await trashItems(tenant.admin)).map((item) => item.uuid)).toContain(removed.uuid);
    const partly = await deleteType("/api/datastream_types/scan");
    expect(partly.json().message).toBe(
      "Datastream type 'scan' is in use by 2 datastreams (1 of them in the trash); delete them first, those in the trash for good",
    );

    await deleteForGood([removed.uuid], "DATASTREAM");
    const remaining = await deleteType("/api/datastream_types/scan");
    expect(remaining.statusCode).toBe(409);
    expect(remaining.json().message).toBe("Datastream type 'scan' is in use by 1 datastream; delete it first");
    expect((await tenant.admin.request("GET", `/api/datastreams/${kept.uuid}`)).json().type.code).toBe("scan");
  });
});
