import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
});
afterAll(() => t.close());

const put = (settingKey: string, settingValue: string) =>
  tenant.admin.request("PUT", "/api/system_settings", [{ settingKey, settingValue }]);

describe("public settings", () => {
  it("answers anyone the product name, default language and self-registration, and nothing else", async () => {
    const answer = await tenant.anonymous.request("GET", "/api/public_settings");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ productName: "Repox", defaultLanguage: "en", registrationEnabled: false });
  });

  it("follows the tenant's settings, and only that tenant's", async () => {
    expect((await put("PRODUCT_NAME", "Museum Archive")).statusCode).toBe(200);
    expect((await put("DEFAULT_LANGUAGE", "it")).statusCode).toBe(200);
    expect((await put("REGISTRATION_ENABLED", "TRUE")).statusCode).toBe(200);
    expect((await tenant.anonymous.request("GET", "/api/public_settings")).json()).toEqual({
      productName: "Museum Archive",
      defaultLanguage: "it",
      registrationEnabled: true,
    });
    expect((await other.anonymous.request("GET", "/api/public_settings")).json()).toEqual({
      productName: "Repox",
      defaultLanguage: "en",
      registrationEnabled: false,
    });
    expect((await other.as(tenant.admin.token).request("GET", "/api/public_settings")).json().productName).toBe("Repox");
  });

  it("needs a known tenant", async () => {
    expect((await t.caller({}).request("GET", "/api/public_settings")).statusCode).toBe(400);
    expect((await t.caller({ "x-tenantid": "no-such-tenant" }).request("GET", "/api/public_settings")).statusCode).toBe(404);
  });

  it("is rate-limited per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++) statuses.push((await other.anonymous.request("GET", "/api/public_settings")).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });
});
