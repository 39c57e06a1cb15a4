import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, newLanguageQualifier, propertyBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let groupId: number;

type Method = "GET" | "POST" | "PUT" | "DELETE";

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  const admin = tenant.admin;
  await created(admin, "/api/property_namespaces", { code: "dc", name: "Dublin Core" });
  await newLanguageQualifier(admin, ["en"]);
  groupId = (await created<{ id: number }>(admin, "/api/property_groups", { name: "Main" })).id;
  await created(admin, "/api/properties", propertyBody("title", { namespace: "dc", groupId }));
  await created(admin, "/api/datastream_types", datastreamTypeBody("image", {}, [{ propertyKey: "title" }]));
  await created(admin, "/api/container_types", containerTypeBody("book", { datastreamAcceptance: "image" }, [{ propertyKey: "title" }]));
});
afterAll(() => t.close());

const reads = (): [string][] => [
  ["/api/property_namespaces"],
  ["/api/property_namespaces/dc"],
  ["/api/property_qualifiers"],
  ["/api/property_qualifiers/lang"],
  ["/api/property_groups"],
  [`/api/property_groups/${groupId}`],
  ["/api/property_types"],
  ["/api/utility/languages"],
  ["/api/properties"],
  ["/api/properties/title"],
  ["/api/container_types"],
  ["/api/container_types/book"],
  ["/api/datastream_types"],
  ["/api/datastream_types/image"],
];

const writes = (): [Method, string, unknown][] => [
  ["POST", "/api/property_namespaces", { code: "new", name: "New" }],
  ["PUT", "/api/property_namespaces/dc", { name: "Changed" }],
  ["DELETE", "/api/property_namespaces/dc", undefined],
  ["POST", "/api/property_qualifiers", { qualifierKey: "new", qualifierName: "New", qualifierDetails: '{"values":["x"]}' }],
  ["PUT", "/api/property_qualifiers/lang", { qualifierName: "Changed", qualifierDetails: '{"values":["en"]}' }],
  ["DELETE", "/api/property_qualifiers/lang", undefined],
  ["POST", "/api/property_groups", { name: "New" }],
  ["PUT", `/api/property_groups/${groupId}`, { name: "Changed" }],
  ["DELETE", `/api/property_groups/${groupId}`, undefined],
  ["POST", "/api/properties", propertyBody("new")],
  ["PUT", "/api/properties/title", propertyBody("title", { displayName: "Changed" })],
  ["DELETE", "/api/properties/title", undefined],
  ["POST", "/api/container_types", containerTypeBody("new")],
  ["PUT", "/api/container_types/book", containerTypeBody("book", { name: "Changed" })],
  ["DELETE", "/api/container_types/book", undefined],
  ["POST", "/api/datastream_types", datastreamTypeBody("new")],
  ["PUT", "/api/datastream_types/image", datastreamTypeBody("image", { name: "Changed" })],
  ["DELETE", "/api/datastream_types/image", undefined],
  ["POST", "/api/cm/import", { format: "repox-content-model", version: 1, namespaces: [{ code: "new", name: "New" }] }],
];

/** What a reader sees of the model: must not move when a refused write comes in. */
async function snapshot(caller: Caller) {
  const parts = await Promise.all(
    [
      "/api/property_namespaces",
      "/api/property_qualifiers",
      "/api/property_groups",
      "/api/properties",
      "/api/container_types/book",
      "/api/datastream_types/image",
    ].map(async (url) => (await caller.request("GET", url)).json()),
  );
  return JSON.stringify(parts);
}

describe("who may read the content model", () => {
  it("lets a signed-in user without any permission read every list and item", async () => {
    const reader = await tenant.newUser({ permissions: [] });
    for (const [url] of reads()) {
      const answer = await reader.request("GET", url);
      expect(answer.statusCode, url).toBe(200);
    }
  });

  it("lets a signed-in user without any permission look up where a property is used", async () => {
    const reader = await tenant.newUser({ permissions: [] });
    expect((await reader.request("POST", "/api/properties/title/usages")).json()).toEqual({ containers: [], datastreams: [] });
    const cm = await reader.request("POST", "/api/properties/title/usages_cm");
    expect(cm.statusCode).toBe(200);
    expect(cm.json().containerTypes).toContainEqual(expect.objectContaining({ code: "book" }));
  });

  it("answers 401 to every read and write without a token", async () => {
    for (const [url] of reads()) expect((await tenant.anonymous.request("GET", url)).statusCode, url).toBe(401);
    for (const [method, url, body] of writes())
      expect((await tenant.anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    expect((await tenant.anonymous.request("POST", "/api/cm/export", { exportProperties: true })).statusCode).toBe(401);
  });
});

describe("who may change the content model", () => {
  it("answers 403 naming the edit permission to a user who may only view it, on every write, and changes nothing", async () => {
    const viewer = await tenant.newUser({ permissions: [PERMISSIONS.settingsContentModelShow] });
    const before = await snapshot(tenant.admin);
    for (const [method, url, body] of writes()) {
      const answer = await viewer.request(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().message).toBe(`You do not have permission to do this (requires ${PERMISSIONS.settingsContentModelEdit})`);
    }
    expect(await snapshot(tenant.admin)).toBe(before);
  });

  it("lets the show permission export, and refuses export to a user without it", async () => {
    const viewer = await tenant.newUser({ permissions: [PERMISSIONS.settingsContentModelShow] });
    expect((await viewer.request("POST", "/api/cm/export", { exportProperties: true })).statusCode).toBe(200);
    const editorOnly = await tenant.newUser({ permissions: [PERMISSIONS.settingsContentModelEdit] });
    const answer = await editorOnly.request("POST", "/api/cm/export", { exportProperties: true });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toContain(PERMISSIONS.settingsContentModelShow);
  });

  it("lets a user with the edit permission change the model", async () => {
    const editor = await tenant.newUser({ permissions: [PERMISSIONS.settingsContentModelEdit] });
    expect((await editor.request("POST", "/api/property_groups", { name: "By an editor" })).statusCode).toBe(201);
  });
});

describe("tenants", () => {
  it("keeps each tenant's model to itself: another tenant can neither read nor change it by code or id", async () => {
    const other = await t.newTenant();
    const before = await snapshot(tenant.admin);
    for (const [url] of reads().filter(([url]) => /\/(dc|lang|title|book|image|\d+)$/.test(url))) {
      const answer = await other.admin.request("GET", url);
      expect(answer.statusCode, url).toBe(404);
    }
    for (const [method, url, body] of writes().filter(([method]) => method !== "POST")) {
      const answer = await other.admin.request(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
    }
    for (const url of [
      "/api/property_namespaces",
      "/api/property_qualifiers",
      "/api/property_groups",
      "/api/properties",
      "/api/container_types",
    ]) {
      expect((await other.admin.request("GET", url)).json().totalElements, url).toBe(0);
    }
    expect(await snapshot(tenant.admin)).toBe(before);
  });

  it("lets the same codes exist in two tenants independently", async () => {
    const other = await t.newTenant();
    await created(other.admin, "/api/property_namespaces", { code: "dc", name: "Other Dublin Core" });
    await created(other.admin, "/api/properties", propertyBody("title", { propertyType: "number" }));
    await created(other.admin, "/api/container_types", containerTypeBody("book", { name: "Other book" }, [{ propertyKey: "title" }]));
    expect((await other.admin.request("DELETE", "/api/container_types/book")).statusCode).toBe(204);

    expect((await tenant.admin.request("GET", "/api/property_namespaces/dc")).json().name).toBe("Dublin Core");
    expect((await tenant.admin.request("GET", "/api/properties/title")).json().propertyType).toBe("text");
    expect((await tenant.admin.request("GET", "/api/container_types/book")).json().name).toBe("Type book");
  });

  it("does not let another tenant's type use this tenant's group, property or types", async () => {
    const other = await t.newTenant();
    await created(other.admin, "/api/properties", propertyBody("own"));
    const group = await other.admin.request("POST", "/api/container_types", containerTypeBody("t1", {}, [{ propertyKey: "own", groupId }]));
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe(`properties.0.groupId: no property group with id ${groupId}`);
    const property = await other.admin.request("POST", "/api/container_types", containerTypeBody("t2", {}, [{ propertyKey: "title" }]));
    expect(property.statusCode).toBe(400);
    const accepted = await other.admin.request("POST", "/api/container_types", containerTypeBody("t3", { datastreamAcceptance: "image" }));
    expect(accepted.statusCode).toBe(400);
    const reference = await other.admin.request(
      "POST",
      "/api/properties",
      propertyBody("link", { propertyType: "reference", propertyDetails: '{"containerTypes":["book"]}' }),
    );
    expect(reference.statusCode).toBe(400);
  });

  it("refuses this tenant's token at another tenant", async () => {
    const other = await t.newTenant();
    const answer = await other.as(tenant.admin.token).request("GET", "/api/container_types");
    expect(answer.statusCode).toBe(401);
  });
});
