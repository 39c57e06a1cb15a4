import { randomUUID } from "node:crypto";
import { PROPERTY_TYPES } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, propertyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let groupId: number;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await created(tenant.admin, "/api/property_namespaces", { code: "dc", name: "Dublin Core" });
  await created(tenant.admin, "/api/property_qualifiers", {
    qualifierKey: "lang",
    qualifierName: "Language",
    qualifierDetails: '{"values":["en","el"]}',
  });
  groupId = (await created<{ id: number }>(tenant.admin, "/api/property_groups", { name: "Main" })).id;
});
afterAll(() => t.close());

async function propertyOf(key: string) {
  return (await tenant.admin.request("GET", `/api/properties/${key}`)).json();
}

describe("properties", () => {
  it("creates a property with every field and reads it back", async () => {
    const body = {
      propertyKey: "dc.title",
      displayName: "Title",
      propertyType: "text",
      propertyDetails: "{}",
      description: "The name given to the resource",
      namespace: "dc",
      qualifiers: ["lang"],
      mandatory: true,
      editable: true,
      repeatable: true,
      groupId,
      position: 3,
    };
    const property = await created(tenant.admin, "/api/properties", body);
    expect(property).toEqual({ id: expect.any(Number), ...body });
    expect(await propertyOf("dc.title")).toEqual(property);
  });

  it("fills defaults: no namespace, no qualifiers, editable, not mandatory, not repeatable, position 0", async () => {
    const property = await created(tenant.admin, "/api/properties", propertyBody("plain", { namespace: "" }));
    expect(property).toMatchObject({
      propertyDetails: "{}",
      description: "",
      namespace: null,
      qualifiers: [],
      mandatory: false,
      editable: true,
      repeatable: false,
      groupId: null,
      position: 0,
    });
  });

  it("lists properties paged, searched by key or label, and filtered by type", async () => {
    await created(tenant.admin, "/api/properties", propertyBody("list.one", { displayName: "Alpha item" }));
    await created(tenant.admin, "/api/properties", propertyBody("list.two", { displayName: "Beta item", propertyType: "number" }));
    const page = await tenant.admin.request("GET", "/api/properties?size=1&page=0&q=item");
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ totalElements: 2, totalPages: 2, size: 1, content: [{ propertyKey: "list.one" }] });
    const second = (await tenant.admin.request("GET", "/api/properties?size=1&page=1&q=item")).json();
    expect(second.content.map((p: { propertyKey: string }) => p.propertyKey)).toEqual(["list.two"]);
    const byKey = (await tenant.admin.request("GET", "/api/properties?q=LIST.TW")).json();
    expect(byKey.content.map((p: { propertyKey: string }) => p.propertyKey)).toEqual(["list.two"]);
    const numbers = (await tenant.admin.request("GET", "/api/properties?propertyType=number")).json();
    expect(numbers.content.map((p: { propertyKey: string }) => p.propertyKey)).toEqual(["list.two"]);
  });

  it("updates a property's label, flags and details", async () => {
    await created(
      tenant.admin,
      "/api/properties",
      propertyBody("status", { propertyType: "enum", propertyDetails: '{"values":["draft"]}' }),
    );
    const answer = await tenant.admin.request("PUT", "/api/properties/status", {
      propertyKey: "status",
      displayName: "Status",
      propertyType: "enum",
      propertyDetails: '{"values":["draft","final"]}',
      mandatory: true,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ displayName: "Status", mandatory: true, propertyDetails: '{"values":["draft","final"]}' });
  });

  it("keeps the key: a different propertyKey in an update is refused with 400 and changes nothing", async () => {
    await created(tenant.admin, "/api/properties", propertyBody("fixed"));
    const answer = await tenant.admin.request("PUT", "/api/properties/fixed", propertyBody("renamed", { displayName: "New" }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("propertyKey cannot be changed after creation (it is 'fixed')");
    expect((await propertyOf("fixed")).displayName).toBe("Label of fixed");
    expect((await tenant.admin.request("GET", "/api/properties/renamed")).statusCode).toBe(404);
  });

  it("refuses a key taken already with 409", async () => {
    await created(tenant.admin, "/api/properties", propertyBody("taken"));
    const answer = await tenant.admin.request("POST", "/api/properties", propertyBody("taken"));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("A property with key 'taken' already exists");
  });

  it.each([["Title"], ["1title"], ["has space"], ["x".repeat(101)]])("refuses the key %j with 400 naming propertyKey", async (key) => {
    const answer = await tenant.admin.request("POST", "/api/properties", propertyBody(key));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^Invalid body: propertyKey /);
  });

  it("takes a 255-character description and refuses 256 characters naming the field", async () => {
    expect(
      (await tenant.admin.request("POST", "/api/properties", propertyBody("desc.ok", { description: "d".repeat(255) }))).statusCode,
    ).toBe(201);
    const answer = await tenant.admin.request("POST", "/api/properties", propertyBody("desc.long", { description: "d".repeat(256) }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Invalid body: description must be at most 255 characters");
  });

  it("refuses an unknown property type naming the field", async () => {
    const answer = await tenant.admin.request("POST", "/api/properties", propertyBody("typed", { propertyType: "colour" }));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(/^Invalid body: propertyType must be one of boolean, url, enum/);
  });

  it("refuses an unknown namespace, qualifier or group with 400 naming the field", async () => {
    const namespace = await tenant.admin.request("POST", "/api/properties", propertyBody("bad.ns", { namespace: "nope" }));
    expect(namespace.statusCode).toBe(400);
    expect(namespace.json().message).toBe("namespace: no namespace with code 'nope'");
    const qualifier = await tenant.admin.request("POST", "/api/properties", propertyBody("bad.q", { qualifiers: ["lang", "nope"] }));
    expect(qualifier.statusCode).toBe(400);
    expect(qualifier.json().message).toBe("qualifiers: no qualifier with key 'nope'");
    const group = await tenant.admin.request("POST", "/api/properties", propertyBody("bad.g", { groupId: 999_999 }));
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe("groupId: no property group with id 999999");
    for (const key of ["bad.ns", "bad.q", "bad.g"])
      expect((await tenant.admin.request("GET", `/api/properties/${key}`)).statusCode).toBe(404);
  });

  it("takes qualifiers only on language-aware types", async () => {
    for (const type of ["text", "text-area", "rich-text"]) {
      expect(
        await created(tenant.admin, "/api/properties", propertyBody(`lang.${type}`, { propertyType: type, qualifiers: ["lang"] })),
      ).toMatchObject({
        qualifiers: ["lang"],
      });
    }
    const answer = await tenant.admin.request(
      "POST",
      "/api/properties",
      propertyBody("lang.number", { propertyType: "number", qualifiers: ["lang"] }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "qualifiers: a number property cannot have qualifiers; only language-aware types (text, text-area, rich-text) can",
    );
    const retype = await tenant.admin.request(
      "PUT",
      "/api/properties/lang.text",
      propertyBody("lang.text", { propertyType: "date", qualifiers: ["lang"] }),
    );
    expect(retype.statusCode).toBe(400);
    expect((await propertyOf("lang.text")).propertyType).toBe("text");
  });
});

describe("property details per type", () => {
  it.each([
    ["enum", '{"values":[]}', "propertyDetails.values: needs at least one value"],
    ["enum", "{}", /^propertyDetails\.values: /],
    ["multi-select", '{"values":["a","a"]}', "propertyDetails.values: values must not repeat"],
    ["enum", "not json", "propertyDetails must be valid JSON"],
    ["reference", '{"containerTypes":["nope"]}', "propertyDetails.containerTypes: no container type with code 'nope'"],
    ["vocabulary-flat", "{}", /^propertyDetails\.vocabularyId: /],
    ["vocabulary-flat", '{"vocabularyId":"not-a-uuid"}', "propertyDetails.vocabularyId: vocabularyId must name a vocabulary"],
  ])("refuses a %s property with details %s", async (type, details, message) => {
    const answer = await tenant.admin.request(
      "POST",
      "/api/properties",
      propertyBody("details.bad", { propertyType: type, propertyDetails: details }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toEqual(typeof message === "string" ? message : expect.stringMatching(message));
    expect((await tenant.admin.request("GET", "/api/properties/details.bad")).statusCode).toBe(404);
  });

  it("refuses a vocabulary-flat property naming a vocabulary that does not exist", async () => {
    const missing = randomUUID();
    const answer = await tenant.admin.request(
      "POST",
      "/api/properties",
      propertyBody("voc.missing", { propertyType: "vocabulary-flat", propertyDetails: JSON.stringify({ vocabularyId: missing }) }),
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(`propertyDetails.vocabularyId: no vocabulary with id '${missing}'`);
  });

  it("takes a vocabulary-flat property naming an existing vocabulary, but not another tenant's", async () => {
    const vocabulary = await created<{ uuid: string }>(tenant.admin, "/api/vocabularies", { name: "Subjects" });
    const details = JSON.stringify({ vocabularyId: vocabulary.uuid });
    const property = await created(
      tenant.admin,
      "/api/properties",
      propertyBody("subject", { propertyType: "vocabulary-flat", propertyDetails: details }),
    );
    expect(JSON.parse(String(property.propertyDetails))).toEqual({ vocabularyId: vocabulary.uuid, values: [] });

    const other = await t.newTenant();
    const foreign = await other.admin.request(
      "POST",
      "/api/properties",
      propertyBody("subject", { propertyType: "vocabulary-flat", propertyDetails: details }),
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(`propertyDetails.vocabularyId: no vocabulary with id '${vocabulary.uuid}'`);
  });

  it("takes a reference property naming existing container types", async () => {
    await created(tenant.admin, "/api/container_types", containerTypeBody("person"));
    const property = await created(
      tenant.admin,
      "/api/properties",
      propertyBody("creator", { propertyType: "reference", propertyDetails: '{"containerTypes":["person"]}' }),
    );
    expect(JSON.parse(String(property.propertyDetails))).toEqual({ containerTypes: ["person"] });
  });

  it("stores enum choices and drops details a type does not take", async () => {
    const choice = await created(
      tenant.admin,
      "/api/properties",
      propertyBody("colour", { propertyType: "enum", propertyDetails: '{"values":[" red ","blue"]}' }),
    );
    expect(JSON.parse(String(choice.propertyDetails))).toEqual({ values: ["red", "blue"] });
    const plain = await created(
      tenant.admin,
      "/api/properties",
      propertyBody("count", { propertyType: "number", propertyDetails: '{"values":["x"]}' }),
    );
    expect(plain.propertyDetails).toBe("{}");
  });
});

describe("property types", () => {
  it("lists the 15 types with their names and which are language-aware", async () => {
    const answer = await tenant.admin.request("GET", "/api/property_types");
    expect(answer.statusCode).toBe(200);
    const types = answer.json() as { code: string; name: string; languageAware: boolean }[];
    expect(types.map((type) => type.code)).toEqual([...PROPERTY_TYPES]);
    expect(types.filter((type) => type.languageAware).map((type) => type.code)).toEqual(["text-area", "text", "rich-text"]);
    expect(types.find((type) => type.code === "vocabulary-flat")?.name).toBe("Vocabulary (flat)");
  });
});

describe("properties in use", () => {
  beforeAll(async () => {
    await created(tenant.admin, "/api/properties", propertyBody("used", { propertyType: "text" }));
    await created(tenant.admin, "/api/properties", propertyBody("unused", { propertyType: "text" }));
    await created(tenant.admin, "/api/container_types", containerTypeBody("book", {}, [{ propertyKey: "used" }]));
    await created(tenant.admin, "/api/datastream_types", datastreamTypeBody("scan", {}, [{ propertyKey: "used" }]));
  });

  it("refuses to change the type of a property a type carries, with 409, and keeps it", async () => {
    const answer = await tenant.admin.request("PUT", "/api/properties/used", propertyBody("used", { propertyType: "number" }));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe(
      "The type of property 'used' cannot change from text to number while it is in use by container type 'book', datastream type 'scan'",
    );
    expect((await propertyOf("used")).propertyType).toBe("text");
    const relabel = await tenant.admin.request("PUT", "/api/properties/used", propertyBody("used", { displayName: "Still text" }));
    expect(relabel.statusCode).toBe(200);
  });

  it("changes the type of a property nothing uses", async () => {
    const answer = await tenant.admin.request("PUT", "/api/properties/unused", propertyBody("unused", { propertyType: "boolean" }));
    expect(answer.statusCode).toBe(200);
    expect(answer.json().propertyType).toBe("boolean");
  });

  it("refuses to delete a property a type carries, with 409 naming the types, and deletes an unused one", async () => {
    const answer = await tenant.admin.request("DELETE", "/api/properties/used");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("Property 'used' is in use by container type 'book', datastream type 'scan'");
    expect((await tenant.admin.request("GET", "/api/properties/used")).statusCode).toBe(200);

    expect((await tenant.admin.request("DELETE", "/api/properties/unused")).statusCode).toBe(204);
    const gone = await tenant.admin.request("GET", "/api/properties/unused");
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Property 'unused' not found");
  });

  it("answers the types carrying a property (usages_cm) and its content usages (none before content exists)", async () => {
    const cm = await tenant.admin.request("POST", "/api/properties/used/usages_cm");
    expect(cm.statusCode).toBe(200);
    expect(cm.json()).toEqual({
      containerTypes: [{ code: "book", name: "Type book" }],
      datastreamTypes: [{ code: "scan", name: "Type scan" }],
    });
    const content = await tenant.admin.request("POST", "/api/properties/used/usages");
    expect(content.statusCode).toBe(200);
    expect(content.json()).toEqual({ containers: [], datastreams: [] });
    const none = await tenant.admin.request("POST", "/api/properties/dc.title/usages_cm");
    expect(none.json()).toEqual({ containerTypes: [], datastreamTypes: [] });
    expect((await tenant.admin.request("POST", "/api/properties/nope/usages")).statusCode).toBe(404);
    expect((await tenant.admin.request("POST", "/api/properties/nope/usages_cm")).statusCode).toBe(404);
  });
});
