// OAI-PMH 2.0 through HTTP: the six verbs, both formats, every error code of the protocol, selective harvesting,
// sets, deleted records, resumption, the settings behind it, and tenants kept apart. Every answer is checked against
// the official schemas by xmllint.
import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { created, insertContainers, newContainer, newContainerType, propertyBody, propertyValue } from "../containers/testing.ts";
import { newLanguageQualifier } from "../content-model/testing.ts";
import { removeContainer } from "../trash/testing.ts";
import { DC_NS, identifiersOf, OAI_NS, type OaiAnswer, oaiGet, payloadsOf, readAnswer, schemaFile, schemaProblems } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let collection: string;
let atlas: string;
let host: string;

const get = (query: string, of: TestTenant = tenant) => oaiGet(of.anonymous, of.code, query);
const identifier = (uuid: string, of: TestTenant = tenant) => `oai:${host}:${of.code}:${uuid}`;
const publish = async (uuid: string) => {
  const answer = await tenant.admin.request("POST", `/api/containers/${uuid}/publish`);
  expect(answer.statusCode).toBe(200);
};

/** The answer is valid OAI-PMH, and each metadata payload valid in its own schema. */
function expectValid(answer: OaiAnswer, payloadSchema = "oai_dc.xsd") {
  expect(answer.status).toBe(200);
  expect(schemaProblems(answer.xml, "OAI-PMH.xsd")).toBeUndefined();
  expect(schemaProblems(payloadsOf(answer), payloadSchema)).toBeUndefined();
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newLanguageQualifier(tenant.admin);
  await created(tenant.admin, "/api/properties", propertyBody("title", { displayName: "Title", qualifiers: ["lang"] }));
  await created(tenant.admin, "/api/properties", propertyBody("author", { displayName: "Author", repeatable: true }));
  await created(tenant.admin, "/api/properties", propertyBody("made", { displayName: "Date", propertyType: "date" }));
  await created(tenant.admin, "/api/properties", propertyBody("notes", { displayName: "Notes", propertyType: "rich-text" }));
  await created(tenant.admin, "/api/properties", propertyBody("shelfmark", { displayName: "Shelfmark" }));
  const fields = [
    { propertyKey: "title", position: 0 },
    { propertyKey: "author", position: 1, repeatable: true },
    { propertyKey: "made", position: 2 },
    { propertyKey: "notes", position: 3 },
    { propertyKey: "shelfmark", position: 4 },
  ];
  await newContainerType(tenant.admin, "item", {}, fields);
  await newContainerType(tenant.admin, "fonds", { containerAcceptance: "item" });
  collection = (await newContainer(tenant.admin, { label: "Harbour photographs", type: "fonds" })).uuid;
  atlas = (
    await newContainer(
      tenant.admin,
      {
        label: "atlas-001",
        type: "item",
        properties: [
          { key: "title", value: propertyValue("Χάρτης του λιμανιού", [{ qualifierKey: "lang", qualifierValue: "el" }]) },
          { key: "author", value: propertyValue("Ada Lovelace") },
          { key: "author", value: propertyValue("Charles Babbage") },
          { key: "made", value: propertyValue("1843-07-01") },
          { key: "notes", value: propertyValue("<p>Bound &amp; <b>gilded</b></p>") },
          { key: "shelfmark", value: propertyValue("MS 12") },
        ],
      },
      collection,
    )
  ).uuid;
  host = new URL(readAnswer(200, (await tenant.anonymous.request("GET", `/${tenant.code}/oai?verb=Identify`)).body).text("baseURL") ?? "")
    .host;
});
afterAll(() => t.close());

describe("Identify and ListMetadataFormats", () => {
  it("describes the repository: the tenant's name, its endpoint, persistent deletions, seconds granularity", async () => {
    const answer = await get("verb=Identify");
    expectValid(answer);
    expect(answer.text("repositoryName")).toBe(`Tenant ${tenant.code}`);
    expect(answer.text("baseURL")).toMatch(new RegExp(`^http://[^/]+/${tenant.code}/oai$`));
    expect(answer.text("protocolVersion")).toBe("2.0");
    expect(answer.text("adminEmail")).toBe("no-reply@repox.local");
    expect(answer.text("deletedRecord")).toBe("persistent");
    expect(answer.text("granularity")).toBe("YYYY-MM-DDThh:mm:ssZ");
    expect(answer.text("earliestDatestamp")).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(answer.all("request")[0]?.getAttribute("verb")).toBe("Identify");
  });

  it("offers oai_dc and the tenant's own format, whose schema it serves; an unknown record has none", async () => {
    const answer = await get("verb=ListMetadataFormats");
    expectValid(answer);
    expect(answer.all("metadataPrefix").map((node) => node.textContent)).toEqual(["oai_dc", tenant.code]);
    const schema = await tenant.anonymous.request("GET", `/${tenant.code}/oai/properties.xsd`);
    expect(schema.statusCode).toBe(200);
    expect(schema.headers["content-type"]).toContain("xml");
    expect(answer.all("schema")[1]?.textContent).toMatch(new RegExp(`/${tenant.code}/oai/properties.xsd$`));

    await publish(atlas);
    expectValid(await get(`verb=ListMetadataFormats&identifier=${identifier(atlas)}`));
    const unknown = await get(`verb=ListMetadataFormats&identifier=${identifier("0190d9f2-0000-7000-8000-000000000000")}`);
    expectValid(unknown);
    expect(unknown.errorCode).toBe("idDoesNotExist");
    expect((await get("verb=ListMetadataFormats&identifier=nonsense")).errorCode).toBe("idDoesNotExist");
  });
});

describe("GetRecord", () => {
  it("disseminates a published container as Dublin Core from the properties its names map to", async () => {
    await publish(atlas);
    const answer = await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(atlas)}`);
    expectValid(answer);
    expect(answer.text("identifier")).toBe(identifier(atlas));
    const dc = (name: string) => answer.all(name, DC_NS).map((node) => node.textContent);
    expect(dc("title")).toEqual(["Χάρτης του λιμανιού"]);
    expect(answer.all("title", DC_NS)[0]?.getAttribute("xml:lang")).toBe("el");
    expect(dc("creator")).toEqual(["Ada Lovelace", "Charles Babbage"]);
    expect(dc("date")).toEqual(["1843-07-01"]);
    expect(dc("type")).toEqual(["Type item"]);
    expect(dc("identifier")).toEqual([]);
  });

  it("disseminates every property in the tenant's format, rich text as plain text", async () => {
    const answer = await get(`verb=GetRecord&metadataPrefix=${tenant.code}&identifier=${identifier(atlas)}`);
    const schema = (await tenant.anonymous.request("GET", `/${tenant.code}/oai/properties.xsd`)).body;
    expectValid(answer, schemaFile(schema));
    const namespace = (await get("verb=ListMetadataFormats")).all("metadataNamespace")[1]?.textContent ?? "";
    expect(namespace).toMatch(new RegExp(`/${tenant.code}/oai/properties$`));
    const properties = answer.all("property", namespace);
    expect(properties.map((node) => [node.getAttribute("key"), node.textContent])).toEqual([
      ["title", "Χάρτης του λιμανιού"],
      ["author", "Ada LovelaceCharles Babbage"],
      ["made", "1843-07-01"],
      ["notes", "Bound & gilded"],
      ["shelfmark", "MS 12"],
    ]);
  });

  it("answers the protocol's errors: unknown format, unknown or unpublished record, missing argument", async () => {
    const format = await get(`verb=GetRecord&metadataPrefix=marc21&identifier=${identifier(atlas)}`);
    expectValid(format);
    expect(format.errorCode).toBe("cannotDisseminateFormat");
    const privateOne = (await newContainer(tenant.admin, { label: "Private", type: "item" }, collection)).uuid;
    expect((await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(privateOne)}`)).errorCode).toBe("idDoesNotExist");
    const missing = await get(`verb=GetRecord&identifier=${identifier(atlas)}`);
    expectValid(missing);
    expect(missing.errorCode).toBe("badArgument");
    expect(missing.all("request")[0]?.attributes.length).toBe(0);
  });

  it("reports a container unpublished, trashed or deleted for good as a deleted record", async () => {
    const gone = (await newContainer(tenant.admin, { label: "To withdraw", type: "item" }, collection)).uuid;
    await publish(gone);
    const read = () => get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(gone)}`);
    expect((await read()).all("header")[0]?.getAttribute("status")).toBeNull();
    await tenant.admin.request("POST", `/api/containers/${gone}/unpublish`);
    const unpublished = await read();
    expectValid(unpublished);
    expect(unpublished.all("header")[0]?.getAttribute("status")).toBe("deleted");
    expect(unpublished.all("metadata")).toHaveLength(0);
    expect(unpublished.text("setSpec")).toBeUndefined();

    await publish(gone);
    expect((await read()).all("header")[0]?.getAttribute("status")).toBeNull();
    await removeContainer(tenant.admin, gone);
    expect((await read()).all("header")[0]?.getAttribute("status")).toBe("deleted");
    const purged = await tenant.admin.request("DELETE", "/api/trash/items", { objects: [{ objectId: gone, objectType: "CONTAINER" }] });
    expect(purged.statusCode).toBeLessThan(300);
    expect((await read()).all("header")[0]?.getAttribute("status")).toBe("deleted");
  });
});

describe("arguments", () => {
  it.each([
    ["", "badVerb"],
    ["verb=Explain", "badVerb"],
    ["verb=Identify&verb=Identify", "badVerb"],
    ["verb=Identify&color=red", "badArgument"],
    ["verb=ListRecords", "badArgument"],
    ["verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc", "badArgument"],
    ["verb=ListRecords&metadataPrefix=oai_dc&from=2026-13-01", "badArgument"],
    ["verb=ListRecords&metadataPrefix=oai_dc&from=2026-11-01T10:00:00", "badArgument"],
    ["verb=ListRecords&metadataPrefix=oai_dc&from=2026-11-01&until=2026-11-02T00:00:00Z", "badArgument"],
    ["verb=ListRecords&metadataPrefix=oai_dc&from=2026-11-02&until=2026-11-01", "badArgument"],
    ["verb=ListRecords&resumptionToken=abc&metadataPrefix=oai_dc", "badArgument"],
    ["verb=ListIdentifiers&resumptionToken=forged.token", "badResumptionToken"],
    ["verb=ListRecords&metadataPrefix=mods", "cannotDisseminateFormat"],
    ["verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01", "noRecordsMatch"],
    ["verb=ListIdentifiers&metadataPrefix=oai_dc&until=2001-01-01T00:00:00Z", "noRecordsMatch"],
  ])("?%s answers %s, valid, and echoes no arguments after badVerb or badArgument", async (query, code) => {
    const answer = await get(query);
    expectValid(answer);
    expect(answer.errorCode).toBe(code);
    const echoed = answer.all("request")[0]?.attributes.length;
    if (code === "badVerb" || code === "badArgument") expect(echoed).toBe(0);
    else expect(echoed).toBeGreaterThan(0);
  });

  it("takes the arguments as a POSTed form as well", async () => {
    const answer = await tenant.anonymous.request(
      "POST",
      `/${tenant.code}/oai`,
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier(atlas))}`,
      { "content-type": "application/x-www-form-urlencoded" },
    );
    const read = readAnswer(answer.statusCode, answer.body);
    expectValid(read);
    expect(read.text("identifier")).toBe(identifier(atlas));
    const repeated = await tenant.anonymous.request("POST", `/${tenant.code}/oai`, "verb=Identify&verb=ListSets", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(readAnswer(repeated.statusCode, repeated.body).errorCode).toBe("badVerb");
  });

  it("answers 404 for a tenant that does not exist", async () => {
    const answer = await tenant.anonymous.request("GET", "/no-such-tenant/oai?verb=Identify");
    expect(answer.statusCode).toBe(404);
  });
});

describe("lists", () => {
  let bulk: string[];
  beforeAll(async () => {
    const folder = (await newContainer(tenant.admin, { label: "Bulk", type: "fonds" })).uuid;
    await publish(folder);
    const labels = Array.from({ length: 230 }, (_, index) => `bulk-${String(index).padStart(3, "0")}`);
    bulk = await insertContainers(t, tenant, { parentId: folder, typeCode: "item", labels, published: true });
  });

  async function harvest(verb: string, first: string) {
    const pages: OaiAnswer[] = [];
    let answer = await get(`verb=${verb}&${first}`);
    for (;;) {
      expectValid(answer);
      pages.push(answer);
      const token = answer.all("resumptionToken")[0];
      if (!token?.textContent) break;
      answer = await get(`verb=${verb}&resumptionToken=${encodeURIComponent(token.textContent)}`);
    }
    return pages;
  }

  it("pages ListIdentifiers by resumption tokens with completeListSize and cursor, each record once", async () => {
    const pages = await harvest("ListIdentifiers", "metadataPrefix=oai_dc");
    expect(pages.length).toBe(3);
    const tokens = pages.map((page) => page.all("resumptionToken")[0]);
    const size = Number(tokens[0]?.getAttribute("completeListSize"));
    expect(tokens.map((token) => token?.getAttribute("cursor"))).toEqual(["0", "100", "200"]);
    expect(tokens.every((token) => Number(token?.getAttribute("completeListSize")) === size)).toBe(true);
    expect(tokens[0]?.getAttribute("expirationDate")).toMatch(/Z$/);
    expect(tokens[2]?.textContent).toBe("");
    const ids = pages.flatMap(identifiersOf);
    expect(ids.length).toBe(size);
    expect(new Set(ids).size).toBe(size);
    expect(ids).toEqual(expect.arrayContaining(bulk.map((uuid) => identifier(uuid))));
  });

  it("keeps a harvest stable while records change: no record twice, the changed one left to the next harvest", async () => {
    const first = await get("verb=ListRecords&metadataPrefix=oai_dc");
    expectValid(first);
    const seen = identifiersOf(first);
    const changed = bulk.find((uuid) => seen.includes(identifier(uuid)));
    if (!changed) throw new Error("no bulk record on the first page");
    await tenant.admin.request("PUT", `/api/containers/${changed}/label`, { label: "changed mid-harvest" });
    let token = first.all("resumptionToken")[0]?.textContent ?? "";
    const rest: string[] = [];
    while (token) {
      const page = await get(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
      expectValid(page);
      rest.push(...identifiersOf(page));
      token = page.all("resumptionToken")[0]?.textContent ?? "";
    }
    const all = [...seen, ...rest];
    expect(new Set(all).size).toBe(all.length);
    const next = await harvest("ListIdentifiers", `metadataPrefix=oai_dc&from=${first.text("responseDate")}`);
    expect(next.flatMap(identifiersOf)).toContain(identifier(changed));
  });

  it("refuses a token handed to another verb, or altered", async () => {
    const first = await get("verb=ListIdentifiers&metadataPrefix=oai_dc");
    const token = first.all("resumptionToken")[0]?.textContent ?? "";
    expect((await get(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`)).errorCode).toBe("badResumptionToken");
    const altered = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect((await get(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(altered)}`)).errorCode).toBe("badResumptionToken");
  });

  it("harvests selectively by from and until, at seconds granularity", async () => {
    const all = identifiersOf(await get("verb=ListIdentifiers&metadataPrefix=oai_dc"));
    const later = await get(`verb=ListIdentifiers&metadataPrefix=oai_dc&from=2001-01-01&until=2999-12-31`);
    expect(identifiersOf(later)).toEqual(all);
    const stamp = later.all("datestamp")[0]?.textContent ?? "";
    const upTo = await get(`verb=ListIdentifiers&metadataPrefix=oai_dc&until=${stamp}`);
    expectValid(upTo);
    expect(identifiersOf(upTo)[0]).toBe(all[0]);
  });
});

describe("sets", () => {
  it("has no set hierarchy until container types are marked as collections", async () => {
    const sets = await get("verb=ListSets");
    expectValid(sets);
    expect(sets.errorCode).toBe("noSetHierarchy");
    expect((await get(`verb=ListIdentifiers&metadataPrefix=oai_dc&set=${collection}`)).errorCode).toBe("noSetHierarchy");
  });

  it("lists published collections as sets and harvests a set's records, deleted ones included", async () => {
    const settings = (await tenant.admin.request("GET", "/api/settings/oai")).json();
    const saved = await tenant.admin.request("PUT", "/api/settings/oai", { ...settings, collectionTypes: ["fonds"] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().collectionTypes).toEqual(["fonds"]);

    const setSpecs = async () => (await get("verb=ListSets")).all("setSpec").map((node) => node.textContent);
    expect(await setSpecs()).not.toContain(collection);
    await publish(collection);
    const sets = await get("verb=ListSets");
    expectValid(sets);
    expect(sets.all("set").map((set) => set.textContent)).toContain(`${collection}Harbour photographs`);

    const withdrawn = (await newContainer(tenant.admin, { label: "Withdrawn", type: "item" }, collection)).uuid;
    await publish(withdrawn);
    await tenant.admin.request("POST", `/api/containers/${withdrawn}/unpublish`);
    const members = await get(`verb=ListRecords&metadataPrefix=oai_dc&set=${collection}`);
    expectValid(members);
    expect(identifiersOf(members).sort()).toEqual([identifier(atlas), identifier(withdrawn)].sort());
    expect(members.all("header").every((header) => header.getElementsByTagNameNS(OAI_NS, "setSpec")[0]?.textContent === collection)).toBe(
      true,
    );
    const record = await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(atlas)}`);
    expect(record.text("setSpec")).toBe(collection);

    expect((await get("verb=ListIdentifiers&metadataPrefix=oai_dc&set=0190d9f2-0000-7000-8000-000000000000")).errorCode).toBe(
      "noRecordsMatch",
    );
    expect((await get("verb=ListIdentifiers&metadataPrefix=oai_dc&set=not-a-set")).errorCode).toBe("noRecordsMatch");
  });
});

describe("settings", () => {
  it("start from the properties' names, are saved per tenant, and refuse unknown properties and types", async () => {
    const other = await t.newTenant();
    const first = (await other.admin.request("GET", "/api/settings/oai")).json();
    expect(first).toMatchObject({ customized: false, collectionTypes: [], adminEmail: "no-reply@repox.local" });
    expect(first.baseUrl).toMatch(new RegExp(`/${other.code}/oai$`));

    const defaults = (await tenant.admin.request("GET", "/api/settings/oai")).json();
    expect(defaults.dublinCore).toMatchObject({ title: ["title"], creator: ["author"], date: ["made"], identifier: [] });
    const body = { ...defaults, dublinCore: { ...defaults.dublinCore, identifier: ["shelfmark"] }, adminEmail: "archive@example.org" };
    const saved = await tenant.admin.request("PUT", "/api/settings/oai", body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ customized: true, adminEmail: "archive@example.org" });
    expect((await get("verb=Identify")).text("adminEmail")).toBe("archive@example.org");
    const record = await get(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(atlas)}`);
    expect(record.all("identifier", DC_NS).map((node) => node.textContent)).toEqual(["MS 12"]);
    expect((await other.admin.request("GET", "/api/settings/oai")).json().customized).toBe(false);

    const unknown = await tenant.admin.request("PUT", "/api/settings/oai", {
      ...body,
      dublinCore: { ...body.dublinCore, rights: ["nope"] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("dublinCore.rights: there is no property 'nope'");
    const type = await tenant.admin.request("PUT", "/api/settings/oai", { ...body, collectionTypes: ["shelf"] });
    expect(type.json().message).toBe("collectionTypes: there is no container type 'shelf'");
    const email = await tenant.admin.request("PUT", "/api/settings/oai", { ...body, adminEmail: "nobody" });
    expect(email.statusCode).toBe(400);
  });

  it("need the content-model permissions: show to read, edit to change", async () => {
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.settingsContentModelShow] });
    const nobody = await tenant.newUser({ permissions: [] });
    expect((await tenant.anonymous.request("GET", "/api/settings/oai")).statusCode).toBe(401);
    expect((await nobody.request("GET", "/api/settings/oai")).statusCode).toBe(403);
    const settings = await reader.request("GET", "/api/settings/oai");
    expect(settings.statusCode).toBe(200);
    expect((await reader.request("PUT", "/api/settings/oai", settings.json())).statusCode).toBe(403);
  });
});

describe("tenants", () => {
  it("never see each other's records, by identifier or by list", async () => {
    const other = await t.newTenant();
    const theirs = await oaiGet(other.anonymous, other.code, "verb=ListIdentifiers&metadataPrefix=oai_dc");
    expect(theirs.errorCode).toBe("noRecordsMatch");
    const crossed = await oaiGet(
      other.anonymous,
      other.code,
      `verb=GetRecord&metadataPrefix=oai_dc&identifier=${identifier(atlas, other)}`,
    );
    expect(crossed.errorCode).toBe("idDoesNotExist");
    const token = (await get("verb=ListIdentifiers&metadataPrefix=oai_dc")).all("resumptionToken")[0]?.textContent ?? "";
    const stolen = await oaiGet(other.anonymous, other.code, `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`);
    expect(stolen.errorCode).toBe("badResumptionToken");
  });
});
