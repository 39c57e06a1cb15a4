// The content types other areas read are kept in memory (type-cache.ts): a change to the model must show in the very
// next read, a change that rolled back never, and each tenant sees its own types under the same code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { getContainer, newContainer, newContainerType } from "../containers/testing.ts";
import { created, propertyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await created(tenant.admin, "/api/properties", propertyBody("note"));
  await created(tenant.admin, "/api/properties", propertyBody("year", { propertyType: "number" }));
  await newContainerType(tenant.admin, "box", {}, [{ propertyKey: "note", position: 1 }]);
});
afterAll(() => t.close());

const labelsOf = async (caller: TestTenant["admin"], uuid: string) =>
  ((await getContainer(caller, uuid)).properties as unknown as { label: string }[]).map((property) => property.label);

async function ok(answer: Promise<{ statusCode: number; body: string }>) {
  const { statusCode, body } = await answer;
  if (statusCode >= 300) throw new Error(`answered ${statusCode}: ${body}`);
}

describe("the kept content types", () => {
  it("show a change to a type or to one of its properties in the next read", async () => {
    const box = (await newContainer(tenant.admin, { label: "Typed box", type: "box" })).uuid;
    expect(await labelsOf(tenant.admin, box)).toEqual(["Label of note"]);

    await ok(
      tenant.admin.request("PUT", "/api/container_types/box", {
        container: {
          code: "box",
          name: "Type box",
          layout: "DEFAULT",
          containerAcceptance: "",
          datastreamAcceptance: "",
          allowedAtRoot: true,
        },
        properties: [
          { propertyKey: "note", position: 1 },
          { propertyKey: "year", position: 2 },
        ],
      }),
    );
    expect(await labelsOf(tenant.admin, box)).toEqual(["Label of note", "Label of year"]);

    await ok(tenant.admin.request("PUT", "/api/properties/note", { ...propertyBody("note"), displayName: "Remark" }));
    expect(await labelsOf(tenant.admin, box)).toEqual(["Remark", "Label of year"]);
  });

  it("never keep what a transaction that rolled back read of its own changes", async () => {
    const box = (await newContainer(tenant.admin, { label: "Box of a rolled-back change", type: "box" })).uuid;
    const before = await labelsOf(tenant.admin, box);
    const rolledBack = inTenant(t.db, tenant.id, async (trx) => {
      await trx.updateTable("properties").set({ display_name: "Never committed" }).where("property_key", "=", "note").execute();
      const seen = await t.services.contentModel.within(trx).getContainerType("box");
      expect(seen?.properties.map((property) => property.displayName)).toContain("Never committed");
      throw new Error("roll back");
    });
    await expect(rolledBack).rejects.toThrow("roll back");
    expect(await labelsOf(tenant.admin, box)).toEqual(before);
  });

  it("are each tenant's own, under the same code", async () => {
    const other = await t.newTenant();
    await created(other.admin, "/api/properties", propertyBody("colour"));
    await newContainerType(other.admin, "box", {}, [{ propertyKey: "colour", position: 1 }]);
    const mine = (await newContainer(tenant.admin, { label: "Mine", type: "box" })).uuid;
    const theirs = (await newContainer(other.admin, { label: "Theirs", type: "box" })).uuid;
    for (let round = 0; round < 2; round++) {
      expect(await labelsOf(other.admin, theirs)).toEqual(["Label of colour"]);
      expect(await labelsOf(tenant.admin, mine)).not.toContain("Label of colour");
    }
  });

  it("are shared read-only: a caller cannot change what the next one reads", async () => {
    const type = await inTenant(t.db, tenant.id, (trx) => t.services.contentModel.within(trx).getContainerType("box"));
    const first = type?.properties[0] as { displayName: string };
    expect(() => {
      first.displayName = "Changed in memory";
    }).toThrow(TypeError);
  });
});
