import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

let t: TestApp;
let document: OpenAPIV3.Document;

beforeAll(async () => {
  t = await createTestApp();
  const answer = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(answer.statusCode).toBe(200);
  document = answer.json();
});
afterAll(() => t.close());

/** Routes under /api that the document leaves out on purpose, each with the reason. */
const NOT_DOCUMENTED: { matches: (method: string, url: string) => boolean; reason: string }[] = [
  { matches: (_method, url) => url === "/api/docs" || url.startsWith("/api/docs/"), reason: "the Swagger UI's own page and assets" },
  { matches: (_method, url) => url === "/api/openapi.json", reason: "the document itself" },
];

/** Fastify's `:name` and `*` path segments as OpenAPI writes them (@fastify/swagger's formatParamUrl). */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}").replace(/\*/g, "{*}");

function operation(path: string, method: string): OpenAPIV3.OperationObject {
  const found = document.paths[path]?.[method as OpenAPIV3.HttpMethods];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
}

function headerNames(op: OpenAPIV3.OperationObject): string[] {
  return ((op.parameters ?? []) as OpenAPIV3.ParameterObject[]).filter((p) => p.in === "header").map((p) => p.name);
}

function requestSchema(op: OpenAPIV3.OperationObject, mediaType: string): OpenAPIV3.SchemaObject {
  const schema = (op.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content[mediaType]?.schema;
  if (!schema) throw new Error(`no ${mediaType} request body`);
  return schema as OpenAPIV3.SchemaObject;
}

const BINARY = { type: "string", format: "binary" };

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3 document", async () => {
    // The parser resolves references in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(document.openapi).toMatch(/^3\./);
  });

  it("describes every route Fastify serves under /api, with its method", () => {
    const routes = t.app.registeredRoutes.filter((route) => route.url.startsWith("/api"));
    const gets = new Set(routes.filter((route) => route.method === "GET").map((route) => route.url));
    expect(routes.length).toBeGreaterThan(200);
    const missing = routes
      .filter((route) => !NOT_DOCUMENTED.some((exception) => exception.matches(route.method, route.url)))
      // Fastify answers HEAD for every GET from the GET's handler (headers only); a HEAD of its own must be documented.
      .filter((route) => !(route.method === "HEAD" && gets.has(route.url)))
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3.HttpMethods])
      .map((route) => `${route.method} ${route.url}${route.isHidden ? " (hidden)" : ""}`);
    expect(missing).toEqual([]);
  });

  it("documents nothing that is not served", () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item ?? {}).filter((key) => key !== "parameters")) {
        const served = t.app.registeredRoutes.some((route) => openApiPath(route.url) === path && route.method.toLowerCase() === method);
        expect(served, `${method.toUpperCase()} ${path}`).toBe(true);
      }
    }
  });

  it("names every operation's success answer (no placeholder left by @fastify/swagger)", () => {
    const placeholders: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item ?? {}) as [string, OpenAPIV3.OperationObject][]) {
        const successes = Object.entries(op.responses).filter(([code]) => code.startsWith("2"));
        const isPlaceholder = ([, answer]: [string, unknown]) =>
          (answer as OpenAPIV3.ResponseObject).description === "Default Response" && !(answer as OpenAPIV3.ResponseObject).content;
        if (successes.length === 0 || successes.some(isPlaceholder)) placeholders.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(placeholders).toEqual([]);
    expect(Object.keys(operation("/api/users/{uuid}", "delete").responses)).toEqual(expect.arrayContaining(["204"]));
    expect(operation("/api/users/{uuid}", "delete").responses["200"]).toBeUndefined();
  });

  it("declares the tenant header, the bearer token and who may call each route", () => {
    expect(document.components?.securitySchemes?.tenant).toMatchObject({ type: "apiKey", in: "header", name: "X-TenantID" });
    expect(document.components?.securitySchemes?.bearer).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    expect(operation("/api/containers", "get").security).toEqual([{ tenant: [], bearer: [] }]);
    expect(operation("/api/containers", "post").description).toContain("repox.store.content.edit");
    expect(operation("/api/auth/jwt", "post").security).toEqual([{ tenant: [] }, { tenant: [], bearer: [] }]);
    expect(operation("/api/health", "get").security).toEqual([]);
    expect(operation("/api/platform/tenants", "post").security).toEqual([{ platform: [] }]);
    expect(operation("/api/datastreams/{uuid}/download", "get").security).toEqual([{ tenant: [], bearer: [] }, { signedUrl: [] }]);
    expect(operation("/api/str/player/state", "get").security).toEqual([{ tenant: [], device: [] }]);
    expect(operation("/api/addons/srv/public/{uuid}", "get").security).toEqual([{ tenant: [] }, { tenant: [], bearer: [] }]);
  });
});

describe("uploads in the document", () => {
  it("POST /api/datastreams takes the JSON data part and one or more files", () => {
    const form = requestSchema(operation("/api/datastreams", "post"), "multipart/form-data");
    expect(form.required).toEqual(expect.arrayContaining(["data", "files"]));
    expect(form.properties?.files).toMatchObject({ type: "array", minItems: 1, items: BINARY });
    expect(form.properties?.data).toMatchObject({ type: "object", required: ["type"] });
    const data = form.properties?.data as OpenAPIV3.SchemaObject;
    expect(Object.keys(data.properties ?? {})).toEqual(["type", "label", "properties"]);
  });

  it("POST /api/assets takes one image and the JSON data part", () => {
    const form = requestSchema(operation("/api/assets", "post"), "multipart/form-data");
    expect(form.properties?.file).toEqual(BINARY);
    expect(form.properties?.data).toMatchObject({ type: "object", required: ["type"] });
  });

  it.each([["/api/import/preview"], ["/api/vocabularies/{uuid}/load"], ["/api/addons/srv/contacts/load"]])(
    "POST %s takes the spreadsheet in the part 'file'",
    (path) => {
      const form = requestSchema(operation(path, "post"), "multipart/form-data");
      expect(form).toMatchObject({ type: "object", required: ["file"], properties: { file: BINARY } });
    },
  );

  it("the player's screenshot is a PNG or JPEG body", () => {
    const op = operation("/api/str/player/screenshot", "post");
    expect(requestSchema(op, "image/png")).toEqual(BINARY);
    expect(requestSchema(op, "image/jpeg")).toEqual(BINARY);
  });
});

describe("the tus protocol in the document", () => {
  it("creates with Upload-Length and Upload-Metadata, answering Location", () => {
    const create = operation("/api/uploads/tus", "post");
    expect(headerNames(create)).toEqual(["Tus-Resumable", "Upload-Length", "Upload-Metadata"]);
    expect(create.responses["201"]).toMatchObject({ headers: { Location: expect.anything(), "Tus-Resumable": expect.anything() } });
    expect(Object.keys(operation("/api/uploads/tus", "options").responses)).toContain("204");
  });

  it("reads the offset with HEAD, appends bytes with PATCH and abandons with DELETE", () => {
    const offset = operation("/api/uploads/tus/{id}", "head");
    expect(offset.responses["200"]).toMatchObject({ headers: { "Upload-Offset": expect.anything(), "Upload-Length": expect.anything() } });
    const append = operation("/api/uploads/tus/{id}", "patch");
    expect(headerNames(append)).toEqual(["Tus-Resumable", "Upload-Offset"]);
    expect(requestSchema(append, "application/offset+octet-stream")).toEqual(BINARY);
    expect(append.responses["204"]).toMatchObject({ headers: { "Upload-Offset": expect.anything() } });
    expect((append.responses["200"] as OpenAPIV3.ResponseObject).content?.["application/json"]).toBeTruthy();
    expect(Object.keys(operation("/api/uploads/tus/{id}", "delete").responses)).toContain("204");
  });
});

describe("downloads, held calls and headers in the document", () => {
  it.each([
    ["/api/datastreams/{uuid}/download"],
    ["/api/datastreams/{uuid}/thumb/preview"],
    ["/api/assets/{uuid}/download"],
    ["/api/str/pub/websites/{id}/assets/{uuid}"],
    ["/api/pub/guides/{id}/images/{sha256}"],
    ["/api/str/player/media/{from}/{uuid}"],
  ])("GET %s answers the bytes, a byte range or 'not modified'", (path) => {
    const op = operation(path, "get");
    expect(headerNames(op)).toEqual(expect.arrayContaining(["Range", "If-Range", "If-None-Match"]));
    expect((op.responses["200"] as OpenAPIV3.ResponseObject).content?.["*/*"]?.schema).toEqual(BINARY);
    expect(op.responses["206"]).toMatchObject({ headers: { "Content-Range": expect.anything() } });
    expect(op.responses["304"]).toBeTruthy();
  });

  it.each([
    ["post", "/api/export", "application/zip"],
    ["post", "/api/vocabularies/{uuid}/export", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["get", "/api/addons/srv/surveys/{uuid}/export", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ])("%s %s answers a %s file", (method, path, mediaType) => {
    const op = operation(path, method);
    expect((op.responses["200"] as OpenAPIV3.ResponseObject).content?.[mediaType]?.schema).toEqual(BINARY);
    expect((op.responses["404"] as OpenAPIV3.ResponseObject).content?.["application/json"]).toBeTruthy();
  });

  it("describes the survey submission's Idempotency-Key header", () => {
    expect(headerNames(operation("/api/addons/srv/public/{uuid}/responses", "post")).map((name) => name.toLowerCase())).toEqual([
      "idempotency-key",
    ]);
  });

  it("describes the player's held state call", () => {
    const state = operation("/api/str/player/state", "get");
    expect(state.description).toContain("long poll");
    const query = ((state.parameters ?? []) as OpenAPIV3.ParameterObject[]).filter((p) => p.in === "query").map((p) => p.name);
    expect(query).toEqual(["wait", "since"]);
  });
});
