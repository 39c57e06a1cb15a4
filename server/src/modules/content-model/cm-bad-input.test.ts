import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, propertyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await created(tenant.admin, "/api/properties", propertyBody("title"));
  await created(tenant.admin, "/api/container_types", containerTypeBody("book"));
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
type Request = { method: Method; url: string; json?: unknown; raw?: string };

const huge = "x".repeat(100_000);
const MIB = 1024 * 1024;

const cases: [string, number, Request, RegExp][] = [
  ["malformed JSON", 400, { method: "POST", url: "/api/properties", raw: '{"propertyKey": ' }, /not valid JSON/],
  ["a list instead of a type", 400, { method: "POST", url: "/api/container_types", raw: "[]" }, /expected object/],
  ["a type without its container part", 400, { method: "POST", url: "/api/container_types", json: { properties: [] } }, /body: container /],
  [
    "a datastream type sent as a container",
    400,
    { method: "POST", url: "/api/datastream_types", json: containerTypeBody("x") },
    /body: dataStream /,
  ],
  [
    "a number for propertyType",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a", { propertyType: 5 }) },
    /body: propertyType /,
  ],
  [
    "a string for mandatory",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a", { mandatory: "yes" }) },
    /body: mandatory /,
  ],
  ["a negative position", 400, { method: "POST", url: "/api/properties", json: propertyBody("a", { position: -1 }) }, /body: position /],
  ["a fractional position", 400, { method: "POST", url: "/api/properties", json: propertyBody("a", { position: 1.5 }) }, /body: position /],
  ["a string for groupId", 400, { method: "POST", url: "/api/properties", json: propertyBody("a", { groupId: "main" }) }, /body: groupId /],
  [
    "a string for qualifiers",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a", { qualifiers: "lang" }) },
    /body: qualifiers /,
  ],
  [
    "an object for propertyDetails",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a", { propertyDetails: {} }) },
    /body: propertyDetails /,
  ],
  [
    "a string for allowedAtRoot",
    400,
    { method: "POST", url: "/api/container_types", json: containerTypeBody("a", { allowedAtRoot: "yes" }) },
    /body: container\.allowedAtRoot /,
  ],
  [
    "properties that are not a list",
    400,
    { method: "POST", url: "/api/container_types", json: { ...containerTypeBody("a"), properties: {} } },
    /body: properties /,
  ],
  [
    "a type property without its key",
    400,
    { method: "POST", url: "/api/datastream_types", json: datastreamTypeBody("a", {}, [{ position: 1 }]) },
    /body: properties\[0\]\.propertyKey /,
  ],
  [
    "a 100 000-character label",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a", { displayName: huge }) },
    /body: displayName must be at most 255/,
  ],
  [
    "a 100 000-character type name",
    400,
    { method: "POST", url: "/api/container_types", json: containerTypeBody("a", { name: huge }) },
    /body: container\.name /,
  ],
  [
    "300 000 characters of details",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a", { propertyDetails: `{"v":"${"x".repeat(300_000)}"}` }) },
    /body: propertyDetails must be at most 200000 characters/,
  ],
  [
    "an acceptance list of 20 000 characters",
    400,
    { method: "POST", url: "/api/container_types", json: containerTypeBody("a", { containerAcceptance: "a;".repeat(10_000) }) },
    /body: container\.containerAcceptance must be at most 10000 characters/,
  ],
  [
    "a 101-character namespace code",
    400,
    { method: "POST", url: "/api/property_namespaces", json: { code: "n".repeat(101), name: "x" } },
    /body: code /,
  ],
  ["a 100 000-character group name", 400, { method: "POST", url: "/api/property_groups", json: { name: huge } }, /body: name /],
  [
    "a NUL character in a key",
    400,
    { method: "POST", url: "/api/properties", json: propertyBody("a\u0000b", { displayName: "x" }) },
    /body: propertyKey must not contain the NUL character/,
  ],
  ["an unknown property", 404, { method: "GET", url: "/api/properties/nope" }, /^Property 'nope' not found$/],
  ["an unknown property (PUT)", 404, { method: "PUT", url: "/api/properties/nope", json: propertyBody("nope") }, /not found/],
  ["an unknown property (DELETE)", 404, { method: "DELETE", url: "/api/properties/nope" }, /not found/],
  ["an unknown container type", 404, { method: "GET", url: "/api/container_types/nope" }, /^Container type 'nope' not found$/],
  [
    "an unknown container type (PUT)",
    404,
    { method: "PUT", url: "/api/container_types/nope", json: containerTypeBody("nope") },
    /not found/,
  ],
  [
    "an unknown datastream type (DELETE)",
    404,
    { method: "DELETE", url: "/api/datastream_types/nope" },
    /^Datastream type 'nope' not found$/,
  ],
  ["an unknown namespace", 404, { method: "GET", url: "/api/property_namespaces/nope" }, /^Namespace 'nope' not found$/],
  ["an unknown qualifier (DELETE)", 404, { method: "DELETE", url: "/api/property_qualifiers/nope" }, /^Qualifier 'nope' not found$/],
  ["an unknown group", 404, { method: "GET", url: "/api/property_groups/2147483647" }, /^Property group 2147483647 not found$/],
  ["group id 'abc'", 400, { method: "GET", url: "/api/property_groups/abc" }, /params: id /],
  ["group id 0", 400, { method: "DELETE", url: "/api/property_groups/0" }, /params: id /],
  ["an over-long property key in the path", 414, { method: "GET", url: `/api/properties/${"k".repeat(101)}` }, /too long/],
  [
    "a qualifier key in the path past the key length",
    404,
    { method: "GET", url: `/api/property_qualifiers/${"k".repeat(100)}` },
    /not found/,
  ],
  ["size=1000", 400, { method: "GET", url: "/api/properties?size=1000" }, /querystring: size /],
  ["an unknown type filter", 400, { method: "GET", url: "/api/properties?propertyType=colour" }, /querystring: propertyType /],
  ["allowedAtRoot=maybe", 400, { method: "GET", url: "/api/container_types?allowedAtRoot=maybe" }, /querystring: allowedAtRoot /],
  ["a search longer than allowed", 400, { method: "GET", url: `/api/container_types?q=${"q".repeat(101)}` }, /querystring: q /],
  ["a string export flag", 400, { method: "POST", url: "/api/cm/export", json: { exportProperties: "yes" } }, /body: exportProperties /],
  [
    "an import body over 16 MiB",
    413,
    { method: "POST", url: "/api/cm/import", json: { format: "repox-content-model", version: 1, exportedAt: "x".repeat(17 * MIB) } },
    /too large/,
  ],
  [
    "a type body over 1 MiB",
    413,
    { method: "POST", url: "/api/container_types", json: containerTypeBody("a", { name: "x".repeat(MIB + 10) }) },
    /too large/,
  ],
];

describe("bad input to the content-model API", () => {
  it.each(cases)("%s answers %i with {status, error, message}", async (_label, status, request, message) => {
    const payload = request.raw ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
    const answer = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: {
        "x-tenantid": tenant.code,
        authorization: `Bearer ${tenant.admin.token}`,
        ...(payload === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(answer.statusCode).toBe(status);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual(["error", "message", "status"]);
    expect(body.status).toBe(status);
    expect(body.message).toMatch(message);
  });

  it("takes an import file bigger than the usual 1 MiB limit", async () => {
    const values = Array.from({ length: 700 }, (_, index) => `${index}`.padEnd(250, "v"));
    const properties = Array.from({ length: 7 }, (_, index) =>
      propertyBody(`bulk.${index}`, { propertyType: "enum", propertyDetails: JSON.stringify({ values }) }),
    );
    const file = { format: "repox-content-model", version: 1, properties };
    expect(JSON.stringify(file).length).toBeGreaterThan(MIB);
    const answer = await tenant.admin.request("POST", "/api/cm/import", file);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ refused: [], skipped: [] });
    expect(answer.json().created).toHaveLength(7);
  });

  it("changed nothing: the bad requests left the model as it was", async () => {
    const properties = (await tenant.admin.request("GET", "/api/properties?q=title")).json();
    expect((await tenant.admin.request("GET", "/api/properties")).json().totalElements).toBe(8);
    expect(properties.content.map((p: { propertyKey: string }) => p.propertyKey)).toEqual(["title"]);
    expect((await tenant.admin.request("GET", "/api/container_types")).json().content.map((c: { code: string }) => c.code)).toEqual([
      "book",
    ]);
    expect((await tenant.admin.request("GET", "/api/datastream_types")).json().totalElements).toBe(0);
    expect((await tenant.admin.request("GET", "/api/property_namespaces")).json().totalElements).toBe(0);
  });
});
