import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, propertyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

const dublinCore = { code: "dc", name: "Dublin Core", prefix: "dc", url: "http://purl.org/dc/elements/1.1/" };

describe("property namespaces", () => {
  it("creates, lists, reads, updates and deletes a namespace", async () => {
    const admin = tenant.admin;
    const namespace = await created<{ id: number }>(admin, "/api/property_namespaces", dublinCore);
    expect(namespace).toEqual({ id: expect.any(Number), ...dublinCore });

    const list = await admin.request("GET", "/api/property_namespaces?size=50");
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ totalElements: 1, content: [dublinCore] });
    expect((await admin.request("GET", "/api/property_namespaces?q=dublin")).json().totalElements).toBe(1);
    expect((await admin.request("GET", "/api/property_namespaces?q=nothing")).json().totalElements).toBe(0);

    expect((await admin.request("GET", "/api/property_namespaces/dc")).json()).toMatchObject(dublinCore);

    const updated = await admin.request("PUT", "/api/property_namespaces/dc", { ...dublinCore, name: "Dublin Core Elements" });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ code: "dc", name: "Dublin Core Elements" });

    expect((await admin.request("DELETE", "/api/property_namespaces/dc")).statusCode).toBe(204);
    const gone = await admin.request("GET", "/api/property_namespaces/dc");
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("Namespace 'dc' not found");
  });

  it("keeps the code: a different code in an update is refused with 400 and changes nothing", async () => {
    await created(tenant.admin, "/api/property_namespaces", { code: "edm", name: "Europeana" });
    const answer = await tenant.admin.request("PUT", "/api/property_namespaces/edm", { code: "other", name: "Renamed" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("code cannot be changed after creation (it is 'edm')");
    expect((await tenant.admin.request("GET", "/api/property_namespaces/edm")).json().name).toBe("Europeana");
    expect((await tenant.admin.request("GET", "/api/property_namespaces/other")).statusCode).toBe(404);
  });

  it("refuses a code taken already, whatever its case, with 409", async () => {
    await created(tenant.admin, "/api/property_namespaces", { code: "schema", name: "Schema.org" });
    const answer = await tenant.admin.request("POST", "/api/property_namespaces", { code: "SCHEMA", name: "Again" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("A namespace with code 'schema' already exists");
  });

  it.each([
    [{ code: "1dc", name: "x" }, /body: code must start with a letter/],
    [{ code: "dc", name: "" }, /body: name is required/],
    [{ code: "dc2", name: "x", url: "not a url" }, /body: url/],
    [{ code: "dc3", name: "x", prefix: "p".repeat(51) }, /body: prefix must be at most 50 characters/],
  ])("refuses %j with 400 naming the field", async (body, message) => {
    const answer = await tenant.admin.request("POST", "/api/property_namespaces", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toMatch(message);
  });

  it("refuses to delete a namespace a property uses, with 409 naming the property, and keeps it", async () => {
    await created(tenant.admin, "/api/property_namespaces", { code: "used", name: "Used" });
    await created(tenant.admin, "/api/properties", propertyBody("ns.title", { namespace: "used" }));
    const answer = await tenant.admin.request("DELETE", "/api/property_namespaces/used");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("Namespace 'used' is in use by property 'ns.title'");
    expect((await tenant.admin.request("GET", "/api/property_namespaces/used")).statusCode).toBe(200);
  });
});

const language = {
  qualifierKey: "language",
  qualifierName: "Language",
  qualifierType: "enum",
  qualifierDetails: JSON.stringify({ values: ["en", "el", "it"] }),
  description: "Language of the value",
  externalSource: "ISO 639-1",
};

describe("property qualifiers", () => {
  it("creates, lists, reads, updates and deletes a qualifier; the type defaults to enum", async () => {
    const admin = tenant.admin;
    expect(await created(admin, "/api/property_qualifiers", language)).toEqual({ id: expect.any(Number), ...language });
    const plain = await created(admin, "/api/property_qualifiers", {
      qualifierKey: "script",
      qualifierName: "Script",
      qualifierDetails: '{"values":["Latn"]}',
    });
    expect(plain).toMatchObject({ qualifierType: "enum", description: "", externalSource: "" });

    const list = (await admin.request("GET", "/api/property_qualifiers")).json();
    expect(list.content.map((q: { qualifierKey: string }) => q.qualifierKey)).toEqual(["language", "script"]);
    expect((await admin.request("GET", "/api/property_qualifiers/language")).json()).toMatchObject(language);

    const updated = await admin.request("PUT", "/api/property_qualifiers/language", {
      ...language,
      qualifierDetails: '{ "values": ["en", "fr"] }',
    });
    expect(updated.statusCode).toBe(200);
    expect(JSON.parse(updated.json().qualifierDetails)).toEqual({ values: ["en", "fr"] });

    expect((await admin.request("DELETE", "/api/property_qualifiers/script")).statusCode).toBe(204);
    expect((await admin.request("GET", "/api/property_qualifiers/script")).statusCode).toBe(404);
  });

  it("keeps the key: a different qualifierKey in an update is refused with 400", async () => {
    const answer = await tenant.admin.request("PUT", "/api/property_qualifiers/language", { ...language, qualifierKey: "lang" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("qualifierKey cannot be changed after creation (it is 'language')");
  });

  it("refuses a duplicate key with 409", async () => {
    const answer = await tenant.admin.request("POST", "/api/property_qualifiers", { ...language, qualifierKey: "Language" });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("A qualifier with key 'language' already exists");
  });

  it.each([
    ["an enum without values", { qualifierDetails: '{"values":[]}' }, "qualifierDetails.values: needs at least one value"],
    ["details that are not JSON", { qualifierDetails: "{values" }, "qualifierDetails must be valid JSON"],
    ["details that are a list", { qualifierDetails: '["en"]' }, "qualifierDetails must be a JSON object"],
    ["repeated values", { qualifierDetails: '{"values":["en","en"]}' }, "qualifierDetails.values: values must not repeat"],
  ])("refuses %s with 400", async (_label, fields, message) => {
    const answer = await tenant.admin.request("POST", "/api/property_qualifiers", { ...language, qualifierKey: "bad", ...fields });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
  });

  it("takes a text qualifier without values", async () => {
    const text = await created(tenant.admin, "/api/property_qualifiers", {
      qualifierKey: "note",
      qualifierName: "Note",
      qualifierType: "text",
    });
    expect(text).toMatchObject({ qualifierType: "text", qualifierDetails: '{"values":[]}' });
  });

  it("refuses to delete a qualifier a property carries, with 409 naming the property", async () => {
    await created(tenant.admin, "/api/properties", propertyBody("q.title", { qualifiers: ["language"] }));
    const answer = await tenant.admin.request("DELETE", "/api/property_qualifiers/language");
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe("Qualifier 'language' is in use by property 'q.title'");
    expect((await tenant.admin.request("GET", "/api/property_qualifiers/language")).statusCode).toBe(200);
  });
});

describe("languages", () => {
  it("lists the 184 ISO 639-1 languages with name and code", async () => {
    const answer = await tenant.admin.request("GET", "/api/utility/languages");
    expect(answer.statusCode).toBe(200);
    const languages = answer.json() as { name: string; iso639_1: string }[];
    expect(languages).toHaveLength(184);
    expect(languages).toContainEqual({ name: "Greek", iso639_1: "el" });
    expect(languages).toContainEqual({ name: "English", iso639_1: "en" });
    expect(new Set(languages.map((l) => l.iso639_1)).size).toBe(184);
    expect(languages.every((l) => /^[a-z]{2}$/.test(l.iso639_1) && l.name.length > 0)).toBe(true);
  });
});

describe("property groups", () => {
  it("creates, lists, reads, updates and deletes a group", async () => {
    const admin = tenant.admin;
    const group = await created<{ id: number }>(admin, "/api/property_groups", { name: "Identification", description: "Who and what" });
    expect(group).toEqual({ id: expect.any(Number), name: "Identification", description: "Who and what" });
    expect((await admin.request("GET", "/api/property_groups")).json().content).toContainEqual(group);
    expect((await admin.request("GET", `/api/property_groups/${group.id}`)).json()).toEqual(group);
    const updated = await admin.request("PUT", `/api/property_groups/${group.id}`, { name: "Identity", description: "" });
    expect(updated.json()).toEqual({ id: group.id, name: "Identity", description: "" });
    expect((await admin.request("DELETE", `/api/property_groups/${group.id}`)).statusCode).toBe(204);
    const gone = await admin.request("GET", `/api/property_groups/${group.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(`Property group ${group.id} not found`);
  });

  it("refuses a name taken already with 409, on create and on rename", async () => {
    await created(tenant.admin, "/api/property_groups", { name: "Rights" });
    const other = await created<{ id: number }>(tenant.admin, "/api/property_groups", { name: "Dates" });
    const again = await tenant.admin.request("POST", "/api/property_groups", { name: "rights" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("A property group named 'Rights' already exists");
    const rename = await tenant.admin.request("PUT", `/api/property_groups/${other.id}`, { name: "RIGHTS" });
    expect(rename.statusCode).toBe(409);
  });

  it("refuses to delete a group a property or a type's property is in, naming them", async () => {
    const byProperty = await created<{ id: number }>(tenant.admin, "/api/property_groups", { name: "Held by a property" });
    await created(tenant.admin, "/api/properties", propertyBody("g.title", { groupId: byProperty.id }));
    const first = await tenant.admin.request("DELETE", `/api/property_groups/${byProperty.id}`);
    expect(first.statusCode).toBe(409);
    expect(first.json().message).toBe("Property group 'Held by a property' is in use by property 'g.title'");

    const byType = await created<{ id: number }>(tenant.admin, "/api/property_groups", { name: "Held by a type" });
    await created(tenant.admin, "/api/container_types", {
      container: { code: "grouped", name: "Grouped" },
      properties: [{ propertyKey: "g.title", groupId: byType.id }],
    });
    const second = await tenant.admin.request("DELETE", `/api/property_groups/${byType.id}`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe("Property group 'Held by a type' is in use by container type 'grouped' (property 'g.title')");
    expect((await tenant.admin.request("GET", `/api/property_groups/${byType.id}`)).statusCode).toBe(200);
  });
});
