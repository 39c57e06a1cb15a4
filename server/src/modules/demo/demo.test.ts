import { PROPERTY_TYPES } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, propertyBody } from "../content-model/testing.ts";
import type { DemoSeedReport } from "./service.ts";

let t: TestApp;
let tenant: TestTenant;
let firstSeed: DemoSeedReport;

/** 1 namespace, 1 qualifier, 5 groups, 1 vocabulary, 20 properties, 3 datastream types, 3 container types, 3 tags. */
const DEMO_ITEM_COUNT = 37;

type Named = { content: Record<string, unknown>[]; totalElements: number };

async function get<T = Record<string, unknown>>(caller: TestTenant["admin"], url: string): Promise<T> {
  const answer = await caller.request("GET", url);
  expect(answer.statusCode, `GET ${url}: ${answer.body}`).toBe(200);
  return answer.json() as T;
}

const listOf = (caller: TestTenant["admin"], url: string) => get<Named>(caller, `${url}${url.includes("?") ? "&" : "?"}size=200`);
const column = (page: Named, field: string) => page.content.map((item) => item[field]);

/** Everything the tenant's content-model export holds, without the export time. */
async function modelOf(caller: TestTenant["admin"]): Promise<unknown> {
  const parts = {
    exportContainerTypes: true,
    exportDatastreamTypes: true,
    exportProperties: true,
    exportNamespaces: true,
    exportVocabularies: true,
  };
  const answer = await caller.request("POST", "/api/cm/export", parts);
  expect(answer.statusCode).toBe(200);
  return { ...(answer.json() as object), exportedAt: undefined };
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  firstSeed = await t.services.demo.seed(tenant.code);
});
afterAll(() => t.close());

describe("seeding the demo content model", () => {
  it("creates every item in a fresh tenant and keeps nothing back", () => {
    expect(firstSeed.kept).toEqual([]);
    expect(firstSeed.skipped).toEqual([]);
    expect(firstSeed.created).toHaveLength(DEMO_ITEM_COUNT);
  });

  it("makes the collection, record and folder container types with their layouts and acceptance lists", async () => {
    const admin = tenant.admin;
    expect(column(await listOf(admin, "/api/container_types"), "code").sort()).toEqual(["collection", "folder", "record"]);
    expect(column(await listOf(admin, "/api/container_types?allowedAtRoot=true"), "code")).toEqual(["collection"]);

    const collection = await get(admin, "/api/container_types/collection");
    expect(collection).toMatchObject({
      name: "Collection",
      layout: "CATALOGUING",
      allowedAtRoot: true,
      containerAcceptance: "record;folder",
      datastreamAcceptance: "image;document",
    });
    expect(await get(admin, "/api/container_types/record")).toMatchObject({
      name: "Record",
      layout: "RECORD",
      allowedAtRoot: false,
      containerAcceptance: "folder",
      datastreamAcceptance: "image;document;video",
    });
    expect(await get(admin, "/api/container_types/folder")).toMatchObject({
      name: "Folder",
      layout: "DEFAULT",
      allowedAtRoot: false,
      containerAcceptance: "folder",
      datastreamAcceptance: "image;document;video",
    });

    const record = await get<{ properties: { propertyKey: string; mandatory: boolean; repeatable: boolean }[] }>(
      admin,
      "/api/container_types/record",
    );
    const mandatory = record.properties.filter((property) => property.mandatory).map((property) => property.propertyKey);
    expect(mandatory.sort()).toEqual(["format", "identifier", "title"]);
    expect(record.properties.find((property) => property.propertyKey === "related_record")).toMatchObject({ repeatable: true });
  });

  it("makes the image, document and video datastream types, each with a mandatory title", async () => {
    const page = await listOf(tenant.admin, "/api/datastream_types");
    expect(column(page, "code").sort()).toEqual(["document", "image", "video"]);
    for (const code of ["image", "document", "video"]) {
      const type = await get<{ properties: { propertyKey: string; mandatory: boolean }[] }>(tenant.admin, `/api/datastream_types/${code}`);
      expect(type.properties).toContainEqual(expect.objectContaining({ propertyKey: "title", mandatory: true }));
    }
  });

  it("has a property of each of the 15 property types, in groups, some with the Dublin Core namespace and the language qualifier", async () => {
    const properties = await listOf(tenant.admin, "/api/properties");
    expect(new Set(column(properties, "propertyType"))).toEqual(new Set(PROPERTY_TYPES));
    expect(properties.content.every((property) => property.groupId !== null)).toBe(true);

    const title = await get(tenant.admin, "/api/properties/title");
    expect(title).toMatchObject({ displayName: "Title", propertyType: "text", namespace: "dc", qualifiers: ["lang"] });
    const related = await get<{ propertyDetails: string }>(tenant.admin, "/api/properties/related_record");
    expect(JSON.parse(related.propertyDetails)).toEqual({ containerTypes: ["collection", "record"] });
    const format = await get<{ propertyDetails: string }>(tenant.admin, "/api/properties/format");
    expect(JSON.parse(format.propertyDetails).values).toContain("Photograph");

    const groups = await listOf(tenant.admin, "/api/property_groups");
    expect(column(groups, "name").sort()).toEqual(["Description", "Identification", "Location", "Rights", "Technical"]);
    expect((await listOf(tenant.admin, "/api/property_namespaces")).content).toEqual([
      { id: expect.any(Number), code: "dc", name: "Dublin Core", prefix: "dc", url: "http://purl.org/dc/elements/1.1/" },
    ]);
    const lang = await get<{ qualifierDetails: string }>(tenant.admin, "/api/property_qualifiers/lang");
    expect(JSON.parse(lang.qualifierDetails).values).toEqual(["en", "fr", "de", "it", "es", "el"]);
  });

  it("names its yes/no property 'On display', leaving 'Published' to the publish badge", async () => {
    const properties = await listOf(tenant.admin, "/api/properties");
    expect(column(properties, "displayName")).not.toContain("Published");
    expect(await get(tenant.admin, "/api/properties/on_display")).toMatchObject({ displayName: "On display", propertyType: "boolean" });
    const record = await get<{ properties: { propertyKey?: string; key?: string }[] }>(tenant.admin, "/api/container_types/record");
    expect(JSON.stringify(record)).toContain("on_display");
    expect(JSON.stringify(record)).not.toContain('"published"');
  });

  it("draws the subject property on a Subjects vocabulary holding a dozen terms", async () => {
    const vocabularies = await listOf(tenant.admin, "/api/vocabularies");
    expect(column(vocabularies, "name")).toEqual(["Subjects"]);
    const uuid = vocabularies.content[0]?.uuid as string;
    const terms = await listOf(tenant.admin, `/api/vocabularies/${uuid}/terms`);
    expect(terms.totalElements).toBeGreaterThanOrEqual(12);
    expect(column(terms, "label")).toContain("Archaeology");
    const subject = await get<{ propertyType: string; propertyDetails: string }>(tenant.admin, "/api/properties/subject");
    expect(subject.propertyType).toBe("vocabulary-flat");
    expect(JSON.parse(subject.propertyDetails).vocabularyId).toBe(uuid);
    const usages = await tenant.admin.request("POST", `/api/vocabularies/${uuid}/usages_cm`, {});
    expect(
      usages
        .json()
        .containerTypes.map((type: { code: string }) => type.code)
        .sort(),
    ).toEqual(["collection", "record"]);
  });

  it("adds the To review, Featured and Restricted tags in their colours", async () => {
    const tags = await listOf(tenant.admin, "/api/tags");
    const colours = Object.fromEntries(tags.content.map((tag) => [tag.name, tag.color]));
    expect(colours).toEqual({ "To review": "#fd7e14", Featured: "#228be6", Restricted: "#fa5252" });
  });

  it("changes nothing when seeded again, and reports every item as skipped", async () => {
    const before = await modelOf(tenant.admin);
    const tagsBefore = await listOf(tenant.admin, "/api/tags");
    const again = await t.services.demo.seed(tenant.code);
    expect(again.created).toEqual([]);
    expect(again.kept).toEqual([]);
    expect(again.skipped).toHaveLength(DEMO_ITEM_COUNT);
    expect(again.skipped).toContainEqual({ kind: "containerType", code: "collection" });
    expect(again.skipped).toContainEqual({ kind: "tag", code: "Featured" });
    expect(await modelOf(tenant.admin)).toEqual(before);
    expect(await listOf(tenant.admin, "/api/tags")).toEqual(tagsBefore);
  });

  it("keeps what a tenant already has under the demo's codes and names, and builds the rest around it", async () => {
    const own = await t.newTenant();
    const admin = own.admin;
    await created(admin, "/api/properties", propertyBody("title", { displayName: "Name of the work", propertyType: "text-area" }));
    await created(admin, "/api/container_types", {
      container: { code: "folder", name: "Box", layout: "DEFAULT", allowedAtRoot: true },
      properties: [{ propertyKey: "title" }],
    });
    const subjects = await created<{ uuid: string }>(admin, "/api/vocabularies", { name: "subjects", description: "Our own" });
    await created(admin, `/api/vocabularies/${subjects.uuid}/terms`, { termId: "local-history", label: "Local history" });
    await created(admin, "/api/tags", { name: "Featured", color: "#00ff00" });

    const report = await t.services.demo.seed(own.code);
    const keptItems = report.kept.map((kept) => kept.item);
    expect(keptItems).toEqual(
      expect.arrayContaining([
        { kind: "property", code: "title" },
        { kind: "containerType", code: "folder" },
        { kind: "vocabulary", code: "Subjects" },
        { kind: "tag", code: "Featured" },
      ]),
    );
    expect(keptItems).toHaveLength(4);
    expect(report.kept.find((kept) => kept.item.kind === "tag")?.reason).toBe(
      "A different tag named 'Featured' exists already (it differs in description, color)",
    );
    expect(report.created).toHaveLength(DEMO_ITEM_COUNT - 4);

    expect(await get(admin, "/api/properties/title")).toMatchObject({ displayName: "Name of the work", propertyType: "text-area" });
    expect(await get(admin, "/api/container_types/folder")).toMatchObject({ name: "Box", allowedAtRoot: true });
    expect(await get(admin, "/api/container_types/collection")).toMatchObject({ containerAcceptance: "record;folder" });
    const subject = await get<{ propertyDetails: string }>(admin, "/api/properties/subject");
    expect(JSON.parse(subject.propertyDetails).vocabularyId).toBe(subjects.uuid);
    expect((await listOf(admin, `/api/vocabularies/${subjects.uuid}/terms`)).totalElements).toBe(1);
    const tags = await listOf(admin, "/api/tags");
    expect(tags.content.find((tag) => tag.name === "Featured")).toMatchObject({ color: "#00ff00", description: "" });

    const again = await t.services.demo.seed(own.code);
    expect(again.created).toEqual([]);
    expect(again.kept.map((kept) => kept.item)).toEqual(keptItems);
  });

  it("touches only the tenant it seeds", async () => {
    const other = await t.newTenant();
    for (const url of ["/api/container_types", "/api/datastream_types", "/api/properties", "/api/vocabularies", "/api/tags"]) {
      expect((await listOf(other.admin, url)).totalElements, url).toBe(0);
    }
  });

  it("refuses an unknown tenant with a clear message", async () => {
    await expect(t.services.demo.seed("nowhere")).rejects.toThrow("Unknown tenant 'nowhere'");
  });
});
