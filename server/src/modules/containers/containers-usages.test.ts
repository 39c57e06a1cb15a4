import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, getContainer, newContainer, propertyValue, setUpLibraryModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let vocabularyId: string;
let shelf: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  ({ vocabularyId } = await setUpLibraryModel(tenant.admin));
  shelf = (
    await newContainer(tenant.admin, { label: "Usage shelf", type: "shelf", properties: [{ key: "title", value: propertyValue("u") }] })
  ).uuid;
});
afterAll(() => t.close());

describe("where property values are used", () => {
  it("lists the containers holding a property's values, and the content model refuses to delete it", async () => {
    const book = await newContainer(
      tenant.admin,
      {
        label: "Dated book",
        type: "book",
        properties: [
          { key: "title", value: propertyValue("d") },
          { key: "year", value: propertyValue(1950) },
        ],
      },
      shelf,
    );
    const usages = await tenant.admin.request("POST", "/api/properties/year/usages");
    expect(usages.json()).toEqual({ containers: [{ uuid: book.uuid, label: "Dated book" }], datastreams: [] });

    // Taken off the type, the property still holds the book's value: reads leave it out, deletion stays refused.
    const types = (await tenant.admin.request("GET", "/api/container_types/book")).json();
    const keep = types.properties
      .filter((property: { propertyKey: string }) => property.propertyKey !== "year")
      .map((property: { propertyKey: string; mandatory: boolean; editable: boolean; repeatable: boolean; position: number }) => ({
        propertyKey: property.propertyKey,
        mandatory: property.mandatory,
        editable: property.editable,
        repeatable: property.repeatable,
        position: property.position,
      }));
    const retyped = await tenant.admin.request(
      "PUT",
      "/api/container_types/book",
      containerTypeBody("book", { name: types.name, allowedAtRoot: false, containerAcceptance: "chapter" }, keep),
    );
    expect(retyped.statusCode, retyped.body).toBe(200);
    expect((await getContainer(tenant.admin, book.uuid)).properties.map((property) => property.key)).not.toContain("year");

    const removal = await tenant.admin.request("DELETE", "/api/properties/year");
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe("Property 'year' is in use by 1 container");
  });

  it("lists the containers holding terms of a vocabulary", async () => {
    const book = await newContainer(
      tenant.admin,
      {
        label: "Subject book",
        type: "book",
        properties: [
          { key: "title", value: propertyValue("s") },
          { key: "subject", value: propertyValue("hist") },
        ],
      },
      shelf,
    );
    const usages = await tenant.admin.request("POST", `/api/vocabularies/${vocabularyId}/usages`);
    expect(usages.statusCode).toBe(200);
    expect(usages.json()).toEqual({ containers: [{ uuid: book.uuid, label: "Subject book" }], datastreams: [] });
  });

  it("keeps a container type in use from being deleted", async () => {
    const answer = await tenant.admin.request("DELETE", "/api/container_types/shelf");
    expect(answer.statusCode).toBe(409);
    expect((await tenant.admin.request("GET", `/api/containers/${shelf}`)).json().type.code).toBe("shelf");
  });
});
