// A client generated from /api/openapi.json: the types (openapi-typescript) are committed beside the tests and must
// equal what the served document generates now, and a client typed by them (openapi-fetch) works against the server.
// `npm run typecheck` checks this file against those types, so a document that drifts from the API fails here twice.
import type { AddressInfo } from "node:net";
import createClient from "openapi-fetch";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContainerType } from "../../modules/containers/testing.ts";
import type { paths } from "../../test/repox-api.generated.ts";
import { ADMIN_PASSWORD, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await newContainerType(tenant.admin, "box");
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

describe("a client generated from the document", () => {
  it("has committed types equal to what openapi-typescript makes of the served document (`vitest -u` rewrites them)", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const types = COMMENT_HEADER + astToString(await openapiTS(document));
    await expect(types).toMatchFileSnapshot("../../test/repox-api.generated.ts");
  });

  it("signs in, creates a container, lists and reads it, typed end to end", async () => {
    const client = createClient<paths>({ baseUrl, headers: { "X-TenantID": tenant.code } });

    const session = await client.POST("/api/auth/jwt", { body: { username: "admin", password: ADMIN_PASSWORD } });
    expect(session.response.status).toBe(200);
    if (!session.data) throw new Error(`sign-in answered ${session.response.status}`);
    const signedIn = { headers: { Authorization: `Bearer ${session.data.jwtToken}` } };

    const created = await client.POST("/api/containers", { ...signedIn, body: { label: "Letters", type: "box", properties: [] } });
    expect(created.response.status).toBe(201);
    if (!created.data) throw new Error(`create answered ${created.response.status}`);
    const uuid: string = created.data.uuid;

    const list = await client.GET("/api/containers", { ...signedIn, params: { query: { page: 0, size: 20 } } });
    expect(list.data?.content.map((container) => container.label)).toContain("Letters");

    const read = await client.GET("/api/containers/{uuid}", { ...signedIn, params: { path: { uuid } } });
    expect(read.data).toMatchObject({ uuid, label: "Letters", type: { code: "box" } });

    const missing = await client.GET("/api/containers/{uuid}", {
      ...signedIn,
      params: { path: { uuid: "0190a4c5-0000-7000-8000-000000000000" } },
    });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ status: 404, message: expect.any(String) });

    const refused = await client.GET("/api/containers", { params: { query: {} } });
    expect(refused.response.status).toBe(401);
  });

  it("refuses, at compile time, what the document does not allow", () => {
    const client = createClient<paths>({ baseUrl });
    const typeErrors = () => {
      // @ts-expect-error no such route
      void client.GET("/api/no-such-route");
      // @ts-expect-error a container needs a label
      void client.POST("/api/containers", { body: { type: "box", properties: [] } });
      // @ts-expect-error the path parameter is required
      void client.GET("/api/containers/{uuid}", {});
    };
    expect(typeErrors).toBeTypeOf("function");
  });
});
