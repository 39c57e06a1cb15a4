import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, propertyBody } from "./testing.ts";

let t: TestApp;
let source: TestTenant;
let vocabularyId: string;

const ALL = {
  exportContainerTypes: true,
  exportDatastreamTypes: true,
  exportProperties: true,
  exportNamespaces: true,
  exportVocabularies: true,
};
const NONE = {
  exportContainerTypes: false,
  exportDatastreamTypes: false,
  exportProperties: false,
  exportNamespaces: false,
  exportVocabularies: false,
};

type ModelFile = Record<string, unknown> & { vocabularies?: { uuid: string; name: string }[]; properties?: { propertyDetails: string }[] };

async function exportOf(tenant: TestTenant, parts: Partial<typeof ALL>): Promise<ModelFile> {
  const answer = await tenant.admin.request("POST", "/api/cm/export", { ...NONE, ...parts });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

/** A file without what differs between tenants by nature: the export time and vocabulary uuids. */
function comparable(file: ModelFile): ModelFile {
  const names = new Map((file.vocabularies ?? []).map((vocabulary) => [vocabulary.uuid, vocabulary.name]));
  let text = JSON.stringify({ ...file, exportedAt: undefined });
  for (const [uuid, name] of names) text = text.replaceAll(uuid, `vocabulary:${name}`);
  return JSON.parse(text);
}

beforeAll(async () => {
  t = await createTestApp();
  source = await t.newTenant();
  const admin = source.admin;
  await created(admin, "/api/property_namespaces", {
    code: "dc",
    name: "Dublin Core",
    prefix: "dc",
    url: "http://purl.org/dc/elements/1.1/",
  });
  await created(admin, "/api/property_namespaces", { code: "unused", name: "Unused namespace" });
  await created(admin, "/api/property_qualifiers", {
    qualifierKey: "lang",
    qualifierName: "Language",
    qualifierDetails: '{"values":["en","el"]}',
  });
  const main = await created<{ id: number }>(admin, "/api/property_groups", { name: "Main", description: "First things" });
  const extra = await created<{ id: number }>(admin, "/api/property_groups", { name: "Extra" });
  vocabularyId = (await created<{ uuid: string }>(admin, "/api/vocabularies", { name: "Subjects", description: "Topics" })).uuid;
  await created(admin, `/api/vocabularies/${vocabularyId}/terms`, { termId: "art", label: "Art", termUri: "https://example.org/art" });
  await created(admin, `/api/vocabularies/${vocabularyId}/terms`, { termId: "war", label: "War" });

  await created(
    admin,
    "/api/properties",
    propertyBody("title", { namespace: "dc", qualifiers: ["lang"], groupId: main.id, mandatory: true }),
  );
  await created(
    admin,
    "/api/properties",
    propertyBody("kind", { propertyType: "enum", propertyDetails: '{"values":["a","b"]}', groupId: extra.id }),
  );
  await created(
    admin,
    "/api/properties",
    propertyBody("subject", { propertyType: "vocabulary-flat", propertyDetails: JSON.stringify({ vocabularyId }), repeatable: true }),
  );
  await created(admin, "/api/datastream_types", datastreamTypeBody("image", { datastreamAcceptance: "image" }, [{ propertyKey: "title" }]));
  await created(
    admin,
    "/api/container_types",
    containerTypeBody("person", { layout: "RECORD" }, [{ propertyKey: "title", groupId: main.id }]),
  );
  await created(
    admin,
    "/api/properties",
    propertyBody("author", { propertyType: "reference", propertyDetails: '{"containerTypes":["person"]}' }),
  );
  await created(
    admin,
    "/api/container_types",
    containerTypeBody("book", { containerAcceptance: "book;person", datastreamAcceptance: "image", layout: "CATALOGUING" }, [
      { propertyKey: "title", groupId: main.id, position: 1, mandatory: true },
      { propertyKey: "kind", groupId: extra.id, position: 2 },
      { propertyKey: "subject", position: 3, repeatable: true },
      { propertyKey: "author", groupId: null, position: 4 },
    ]),
  );
});
afterAll(() => t.close());

describe("content-model export", () => {
  it("downloads content-model.json with the format and version", async () => {
    const answer = await source.admin.request("POST", "/api/cm/export", ALL);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="content-model.json"');
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ format: "repox-content-model", version: 1, exportedAt: expect.any(String) });
  });

  it("refuses an export with no part chosen", async () => {
    for (const body of [NONE, {}]) {
      const answer = await source.admin.request("POST", "/api/cm/export", body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe("Invalid body: Choose at least one part of the content model to export");
    }
  });

  it("exports only namespaces, all of them", async () => {
    const file = await exportOf(source, { exportNamespaces: true });
    expect(Object.keys(file).sort()).toEqual(["exportedAt", "format", "namespaces", "version"]);
    expect(file.namespaces).toEqual([
      { code: "dc", name: "Dublin Core", prefix: "dc", url: "http://purl.org/dc/elements/1.1/" },
      { code: "unused", name: "Unused namespace", prefix: "", url: "" },
    ]);
  });

  it("exports properties with the groups, qualifiers and namespaces they need", async () => {
    const file = await exportOf(source, { exportProperties: true });
    expect(Object.keys(file).sort()).toEqual([
      "exportedAt",
      "format",
      "namespaces",
      "properties",
      "propertyGroups",
      "qualifiers",
      "version",
    ]);
    expect((file.namespaces as { code: string }[]).map((n) => n.code)).toEqual(["dc"]);
    expect(file.qualifiers).toEqual([
      {
        qualifierKey: "lang",
        qualifierName: "Language",
        qualifierType: "enum",
        qualifierDetails: '{"values":["en","el"]}',
        description: "",
        externalSource: "",
      },
    ]);
    expect(file.propertyGroups).toEqual([
      { name: "Extra", description: "" },
      { name: "Main", description: "First things" },
    ]);
    expect(file.properties).toContainEqual({
      propertyKey: "title",
      displayName: "Label of title",
      propertyType: "text",
      propertyDetails: "{}",
      description: "",
      namespace: "dc",
      qualifiers: ["lang"],
      mandatory: true,
      editable: true,
      repeatable: false,
      position: 0,
      group: "Main",
    });
  });

  it("exports container types and datastream types each on their own, with the groups they name", async () => {
    const containers = await exportOf(source, { exportContainerTypes: true });
    expect(Object.keys(containers).sort()).toEqual(["containerTypes", "exportedAt", "format", "propertyGroups", "version"]);
    expect(containers.containerTypes).toContainEqual({
      code: "person",
      name: "Type person",
      layout: "RECORD",
      containerAcceptance: "",
      datastreamAcceptance: "",
      allowedAtRoot: true,
      properties: [{ propertyKey: "title", group: "Main", position: 0, mandatory: false, editable: true, repeatable: false }],
    });
    const datastreams = await exportOf(source, { exportDatastreamTypes: true });
    expect(Object.keys(datastreams).sort()).toEqual(["datastreamTypes", "exportedAt", "format", "propertyGroups", "version"]);
    expect(datastreams.datastreamTypes).toEqual([
      {
        code: "image",
        name: "Type image",
        layout: "DEFAULT",
        datastreamAcceptance: "image",
        properties: [{ propertyKey: "title", group: null, position: 0, mandatory: false, editable: true, repeatable: false }],
      },
    ]);
  });

  it("exports vocabularies with their terms", async () => {
    const file = await exportOf(source, { exportVocabularies: true });
    expect(Object.keys(file).sort()).toEqual(["exportedAt", "format", "version", "vocabularies"]);
    expect(file.vocabularies).toEqual([
      {
        uuid: vocabularyId,
        name: "Subjects",
        description: "Topics",
        vocUri: "",
        terms: [
          { termId: "art", label: "Art", termUri: "https://example.org/art" },
          { termId: "war", label: "War", termUri: "" },
        ],
      },
    ]);
  });
});

describe("content-model import", () => {
  it("reproduces the whole model in another tenant, and skips everything on a second import", async () => {
    const file = await exportOf(source, ALL);
    const target = await t.newTenant();
    const first = await target.admin.request("POST", "/api/cm/import", file);
    expect(first.statusCode).toBe(200);
    const result = first.json();
    expect(result.refused).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.created).toEqual([
      { kind: "namespace", code: "dc" },
      { kind: "namespace", code: "unused" },
      { kind: "qualifier", code: "lang" },
      { kind: "propertyGroup", code: "Extra" },
      { kind: "propertyGroup", code: "Main" },
      { kind: "vocabulary", code: "Subjects" },
      { kind: "property", code: "author" },
      { kind: "property", code: "kind" },
      { kind: "property", code: "subject" },
      { kind: "property", code: "title" },
      { kind: "datastreamType", code: "image" },
      { kind: "containerType", code: "book" },
      { kind: "containerType", code: "person" },
    ]);

    const copy = await exportOf(target, ALL);
    expect(comparable(copy)).toEqual(comparable(file));
    const book = (await target.admin.request("GET", "/api/container_types/book")).json();
    expect(book).toMatchObject({ containerAcceptance: "book;person", datastreamAcceptance: "image", layout: "CATALOGUING" });
    const subject = (await target.admin.request("GET", "/api/properties/subject")).json();
    expect(JSON.parse(subject.propertyDetails).vocabularyId).not.toBe(vocabularyId);

    const second = (await target.admin.request("POST", "/api/cm/import", file)).json();
    expect(second.created).toEqual([]);
    expect(second.refused).toEqual([]);
    expect(second.skipped).toHaveLength(13);
  });

  it("refuses items whose code holds something different, names the differing fields, and imports the rest", async () => {
    const file = await exportOf(source, ALL);
    const target = await t.newTenant();
    await created(target.admin, "/api/property_namespaces", {
      code: "dc",
      name: "Dublin Core",
      prefix: "dc",
      url: "https://example.org/other/",
    });
    await created(target.admin, "/api/properties", propertyBody("kind", { propertyType: "number" }));
    await created(target.admin, "/api/vocabularies", { name: "Subjects", description: "Something else" });

    const result = (await target.admin.request("POST", "/api/cm/import", file)).json();
    expect(result.refused).toEqual([
      { item: { kind: "namespace", code: "dc" }, reason: "A different namespace exists already (it differs in url)" },
      { item: { kind: "vocabulary", code: "Subjects" }, reason: expect.stringContaining("Subjects") },
      {
        item: { kind: "property", code: "kind" },
        reason: "A different property exists already (it differs in propertyType, propertyDetails, group)",
      },
      {
        item: { kind: "property", code: "subject" },
        reason: expect.stringMatching(/^propertyDetails\.vocabularyId: no vocabulary with id /),
      },
      { item: { kind: "containerType", code: "book" }, reason: "properties.2.propertyKey: no property with key 'subject'" },
    ]);
    expect(result.created).toContainEqual({ kind: "property", code: "title" });
    expect(result.created).toContainEqual({ kind: "containerType", code: "person" });
    expect((await target.admin.request("GET", "/api/property_namespaces/dc")).json().url).toBe("https://example.org/other/");
    expect((await target.admin.request("GET", "/api/properties/kind")).json().propertyType).toBe("number");
    expect((await target.admin.request("GET", "/api/container_types/book")).statusCode).toBe(404);
  });

  it("refuses a type whose acceptance list names a type neither there nor imported, and what then depends on it", async () => {
    const target = await t.newTenant();
    const file = {
      format: "repox-content-model",
      version: 1,
      containerTypes: [
        { code: "outer", name: "Outer", containerAcceptance: "inner" },
        { code: "inner", name: "Inner", containerAcceptance: "missing" },
        { code: "alone", name: "Alone", containerAcceptance: "alone" },
      ],
    };
    const result = (await target.admin.request("POST", "/api/cm/import", file)).json();
    expect(result.created).toEqual([{ kind: "containerType", code: "alone" }]);
    expect(result.refused).toEqual([
      { item: { kind: "containerType", code: "inner" }, reason: "container.containerAcceptance: no container type with code 'missing'" },
      { item: { kind: "containerType", code: "outer" }, reason: "container.containerAcceptance: no container type with code 'inner'" },
    ]);
    const types = (await target.admin.request("GET", "/api/container_types")).json();
    expect(types.content.map((type: { code: string }) => type.code)).toEqual(["alone"]);
  });

  it("refuses a property naming a group the file and the tenant lack, and an invalid item, keeping the others", async () => {
    const target = await t.newTenant();
    const file = {
      format: "repox-content-model",
      version: 1,
      properties: [
        { propertyKey: "grouped", displayName: "Grouped", propertyType: "text", group: "Nowhere" },
        { propertyKey: "choice", displayName: "Choice", propertyType: "enum", propertyDetails: '{"values":[]}' },
        { propertyKey: "fine", displayName: "Fine", propertyType: "date" },
      ],
    };
    const result = (await target.admin.request("POST", "/api/cm/import", file)).json();
    expect(result.created).toEqual([{ kind: "property", code: "fine" }]);
    expect(result.refused).toEqual([
      { item: { kind: "property", code: "grouped" }, reason: "group: no property group named 'Nowhere'" },
      { item: { kind: "property", code: "choice" }, reason: "propertyDetails.values: needs at least one value" },
    ]);
  });

  it("imports nothing when a reference property would point at a container type that could not be created", async () => {
    const target = await t.newTenant();
    const file = {
      format: "repox-content-model",
      version: 1,
      properties: [
        { propertyKey: "link", displayName: "Link", propertyType: "reference", propertyDetails: '{"containerTypes":["target"]}' },
      ],
      containerTypes: [{ code: "target", name: "Target", datastreamAcceptance: "missing" }],
    };
    const answer = await target.admin.request("POST", "/api/cm/import", file);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "Nothing was imported: property 'link' refers to container type 'target', which the file names but could not be created",
    );
    expect((await target.admin.request("GET", "/api/properties/link")).statusCode).toBe(404);
  });

  it.each([
    ["another format", { format: "something-else", version: 1 }, 'Invalid body: format must be "repox-content-model"'],
    [
      "another version",
      { format: "repox-content-model", version: 2 },
      "Invalid body: version must be 1: this file was written by another version",
    ],
    [
      "a property with a bad key",
      { format: "repox-content-model", version: 1, properties: [{ propertyKey: "Bad Key", displayName: "x", propertyType: "text" }] },
      /^Invalid body: properties\[0\]\.propertyKey /,
    ],
    ["a list instead of a file", [], /^Invalid body: /],
  ])("refuses %s with 400 and imports nothing", async (_label, body, message) => {
    const target = await t.newTenant();
    const answer = await target.admin.request("POST", "/api/cm/import", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toEqual(typeof message === "string" ? message : expect.stringMatching(message));
    expect((await target.admin.request("GET", "/api/properties")).json().totalElements).toBe(0);
  });
});
