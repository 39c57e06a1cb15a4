import { PERMISSIONS, PRODUCT_VERSION } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant, tenantDb } from "../../platform/db/tenant-transaction.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
});
afterAll(() => t.close());

type Setting = { settingKey: string; settingValue: string };

async function settingValue(key: string, of: TestTenant = tenant): Promise<string | undefined> {
  const settings = (await of.admin.request("GET", "/api/system_settings")).json() as Setting[];
  return settings.find((s) => s.settingKey === key)?.settingValue;
}

const registrationValue = () => settingValue("REGISTRATION_ENABLED");

function put(key: string, value: string) {
  return tenant.admin.request("PUT", "/api/system_settings", [{ settingKey: key, settingValue: value }]);
}

/** What a service sees for a request of this tenant's administrator. */
function contextOf(of: TestTenant): RequestContext {
  return {
    tenant: { id: of.id, code: of.code, name: `Tenant ${of.code}`, storageQuota: 1024 ** 3 },
    user: null,
    permissions: new Set(),
    db: tenantDb(t.db, of.id),
  };
}

describe("system settings", () => {
  it("lists REGISTRATION_ENABLED to an administrator, off by default", async () => {
    const answer = await tenant.admin.request("GET", "/api/system_settings");
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toContainEqual(
      expect.objectContaining({ settingKey: "REGISTRATION_ENABLED", settingType: "BOOLEAN", settingValue: "FALSE", editable: true }),
    );
  });

  it("saves a valid value and answers the updated list", async () => {
    const answer = await tenant.admin.request("PUT", "/api/system_settings", [
      { settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" },
    ]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toContainEqual(expect.objectContaining({ settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }));
    expect(await registrationValue()).toBe("TRUE");
    const back = await tenant.admin.request("PUT", "/api/system_settings", [{ settingKey: "REGISTRATION_ENABLED", settingValue: "FALSE" }]);
    expect(back.statusCode).toBe(200);
  });

  it("refuses 'maybe' for a boolean with 400 naming the setting, and keeps the old value", async () => {
    const answer = await tenant.admin.request("PUT", "/api/system_settings", [
      { settingKey: "REGISTRATION_ENABLED", settingValue: "maybe" },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("The setting 'Self-registration' must be one of TRUE, FALSE");
    expect(await registrationValue()).toBe("FALSE");
  });

  it("refuses an unknown key with 400, applying none of the batch", async () => {
    const answer = await tenant.admin.request("PUT", "/api/system_settings", [
      { settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" },
      { settingKey: "NO_SUCH_SETTING", settingValue: "x" },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("Unknown setting 'NO_SUCH_SETTING'");
    expect(await registrationValue()).toBe("FALSE");
  });

  it.each([
    ["an object instead of a list", { settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }],
    ["an empty list", []],
    ["a missing value", [{ settingKey: "REGISTRATION_ENABLED" }]],
  ])("refuses %s with 400", async (_label, body) => {
    const answer = await tenant.admin.request("PUT", "/api/system_settings", body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ status: 400, error: "Bad Request" });
  });

  it("answers 403 to a user without repox.store.settings.system.show, for reading and writing", async () => {
    const user = await tenant.newUser({ permissions: [PERMISSIONS.settingsIamEdit] });
    const read = await user.request("GET", "/api/system_settings");
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toContain(PERMISSIONS.settingsSystemShow);
    const write = await user.request("PUT", "/api/system_settings", [{ settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }]);
    expect(write.statusCode).toBe(403);
    expect(await registrationValue()).toBe("FALSE");
  });

  it("lets a viewer read but not change the settings", async () => {
    const viewer = await tenant.newUser({ permissions: [PERMISSIONS.settingsSystemShow] });
    expect((await viewer.request("GET", "/api/system_settings")).statusCode).toBe(200);
    const write = await viewer.request("PUT", "/api/system_settings", [{ settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }]);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toContain(PERMISSIONS.settingsSystemEdit);
    expect(await registrationValue()).toBe("FALSE");
  });

  it("answers 401 without a token", async () => {
    expect((await tenant.anonymous.request("GET", "/api/system_settings")).statusCode).toBe(401);
  });

  it("keeps each tenant's settings to itself", async () => {
    const other = await t.newTenant();
    expect(
      (await other.admin.request("PUT", "/api/system_settings", [{ settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }])).statusCode,
    ).toBe(200);
    expect(await registrationValue()).toBe("FALSE");
  });
});

describe("the settings every tenant has", () => {
  it("lists product name, language, upload limit, polling interval, quota and version with their defaults", async () => {
    const settings = (await tenant.admin.request("GET", "/api/system_settings")).json();
    expect(settings.map((s: Setting) => s.settingKey)).toEqual([
      "REGISTRATION_ENABLED",
      "PRODUCT_NAME",
      "DEFAULT_LANGUAGE",
      "UPLOAD_SIZE_LIMIT",
      "POLLING_INTERVAL",
      "STORAGE_QUOTA",
      "PRODUCT_VERSION",
      "WEBDAV_DEFAULT_CONTAINER_TYPE",
      "WEBDAV_DEFAULT_DATASTREAM_TYPE",
    ]);
    expect(settings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ settingKey: "PRODUCT_NAME", settingType: "TEXT", settingValue: "Repox", editable: true }),
        expect.objectContaining({
          settingKey: "DEFAULT_LANGUAGE",
          settingType: "ENUM",
          settingValue: "en",
          settingDetails: JSON.stringify({ values: ["en", "el", "it", "sr", "es"] }),
        }),
        expect.objectContaining({ settingKey: "UPLOAD_SIZE_LIMIT", settingType: "NUMBER", settingValue: String(2 * 1024 ** 3) }),
        expect.objectContaining({ settingKey: "POLLING_INTERVAL", settingType: "NUMBER", settingValue: "5" }),
        expect.objectContaining({ settingKey: "PRODUCT_VERSION", settingValue: PRODUCT_VERSION, editable: false }),
      ]),
    );
  });

  it("shows the storage quota the operator gave the tenant, read-only", async () => {
    const settings = (await tenant.admin.request("GET", "/api/system_settings")).json();
    // The test factory creates every tenant with a 1 GiB quota; the 10 GiB default must not show through.
    expect(settings).toContainEqual(
      expect.objectContaining({ settingKey: "STORAGE_QUOTA", settingType: "NUMBER", settingValue: String(1024 ** 3), editable: false }),
    );
  });

  it("gives a tenant made by an older release the new settings at the next start, keeping its chosen values", async () => {
    const old = await t.newTenant();
    expect(
      (await old.admin.request("PUT", "/api/system_settings", [{ settingKey: "REGISTRATION_ENABLED", settingValue: "TRUE" }])).statusCode,
    ).toBe(200);
    await inTenant(t.db, old.id, (trx) => trx.deleteFrom("system_settings").where("setting_key", "!=", "REGISTRATION_ENABLED").execute());
    expect(await settingValue("PRODUCT_NAME", old)).toBeUndefined();

    await t.services.tenants.upgradeAll();
    expect(await settingValue("PRODUCT_NAME", old)).toBe("Repox");
    expect(await settingValue("POLLING_INTERVAL", old)).toBe("5");
    expect(await settingValue("REGISTRATION_ENABLED", old)).toBe("TRUE");
  });
});

describe("setting rules (spec 2 §5)", () => {
  it.each([
    ["STORAGE_QUOTA", "99999999999", "The setting 'Storage quota' cannot be edited"],
    ["PRODUCT_VERSION", "9.9.9", "The setting 'Product version' cannot be edited"],
  ])("refuses to change the non-editable %s with 403 and a message", async (key, value, message) => {
    const before = await settingValue(key);
    const answer = await put(key, value);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toBe(message);
    expect(await settingValue(key)).toBe(before);
  });

  it.each([
    ["PRODUCT_NAME", "", "The setting 'Product name' needs a value"],
    ["PRODUCT_NAME", "   ", "The setting 'Product name' needs a value"],
    ["DEFAULT_LANGUAGE", "", "The setting 'Default language' needs a value"],
    ["UPLOAD_SIZE_LIMIT", "", "The setting 'Upload size limit' needs a value"],
  ])("refuses %s without a value: %j", async (key, value, message) => {
    const before = await settingValue(key);
    const answer = await put(key, value);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(await settingValue(key)).toBe(before);
  });

  it("takes a WebDAV default type code and takes it back to empty (not chosen); a code too long is refused", async () => {
    expect((await put("WEBDAV_DEFAULT_CONTAINER_TYPE", " folder ")).statusCode).toBe(200);
    expect(await settingValue("WEBDAV_DEFAULT_CONTAINER_TYPE")).toBe("folder");
    expect((await put("WEBDAV_DEFAULT_CONTAINER_TYPE", "")).statusCode).toBe(200);
    expect(await settingValue("WEBDAV_DEFAULT_CONTAINER_TYPE")).toBe("");
    const tooLong = await put("WEBDAV_DEFAULT_DATASTREAM_TYPE", "x".repeat(101));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("The setting 'WebDAV file type' must be at most 100 characters");
  });

  it("refuses a boolean without a value as not TRUE or FALSE", async () => {
    const answer = await put("REGISTRATION_ENABLED", "");
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe("The setting 'Self-registration' must be one of TRUE, FALSE");
  });

  it("accepts a language from the details and refuses one that is not there", async () => {
    const wrong = await put("DEFAULT_LANGUAGE", "de");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The setting 'Default language' must be one of en, el, it, sr, es");
    expect(await settingValue("DEFAULT_LANGUAGE")).toBe("en");
    expect((await put("DEFAULT_LANGUAGE", "el")).statusCode).toBe(200);
    expect(await settingValue("DEFAULT_LANGUAGE")).toBe("el");
  });

  it.each([
    ["UPLOAD_SIZE_LIMIT", "lots", "The setting 'Upload size limit' must be a number"],
    ["UPLOAD_SIZE_LIMIT", "0x10", "The setting 'Upload size limit' must be a number"],
    ["UPLOAD_SIZE_LIMIT", "1e9", "The setting 'Upload size limit' must be a number"],
    ["UPLOAD_SIZE_LIMIT", "Infinity", "The setting 'Upload size limit' must be a number"],
    ["UPLOAD_SIZE_LIMIT", "1.5", "The setting 'Upload size limit' must be a whole number"],
    ["UPLOAD_SIZE_LIMIT", "-1", "The setting 'Upload size limit' must be at least 1"],
    ["UPLOAD_SIZE_LIMIT", "0", "The setting 'Upload size limit' must be at least 1"],
    ["UPLOAD_SIZE_LIMIT", "9".repeat(400), "The setting 'Upload size limit' is too large"],
    ["POLLING_INTERVAL", "0", "The setting 'Polling interval' must be at least 1"],
    ["POLLING_INTERVAL", "3601", "The setting 'Polling interval' must be at most 3600"],
    ["POLLING_INTERVAL", "2.5", "The setting 'Polling interval' must be a whole number"],
  ])("refuses %s = %j with 400", async (key, value, message) => {
    const before = await settingValue(key);
    const answer = await put(key, value);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(message);
    expect(await settingValue(key)).toBe(before);
  });

  it("stores a number in its plain form", async () => {
    expect((await put("UPLOAD_SIZE_LIMIT", " 0104857600 ")).statusCode).toBe(200);
    expect(await settingValue("UPLOAD_SIZE_LIMIT")).toBe("104857600");
    expect((await put("UPLOAD_SIZE_LIMIT", String(2 * 1024 ** 3))).statusCode).toBe(200);
  });

  it("trims a text value and refuses one longer than its details allow", async () => {
    expect((await put("PRODUCT_NAME", "  Archive of Delos  ")).statusCode).toBe(200);
    expect(await settingValue("PRODUCT_NAME")).toBe("Archive of Delos");
    const long = await put("PRODUCT_NAME", "x".repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe("The setting 'Product name' must be at most 100 characters");
    expect(await settingValue("PRODUCT_NAME")).toBe("Archive of Delos");
    expect((await put("PRODUCT_NAME", "Repox")).statusCode).toBe(200);
  });

  it("applies none of a batch when one change breaks a rule", async () => {
    const answer = await tenant.admin.request("PUT", "/api/system_settings", [
      { settingKey: "PRODUCT_NAME", settingValue: "Half-saved" },
      { settingKey: "POLLING_INTERVAL", settingValue: "never" },
    ]);
    expect(answer.statusCode).toBe(400);
    expect(await settingValue("PRODUCT_NAME")).toBe("Repox");
  });
});

describe("typed reads for other modules", () => {
  it("answer the defaults of a fresh tenant", async () => {
    const fresh = await t.newTenant();
    const ctx = contextOf(fresh);
    expect(await t.services.settings.uploadSizeLimit(ctx)).toBe(2 * 1024 ** 3);
    expect(await t.services.settings.pollingIntervalSeconds(ctx)).toBe(5);
    expect(await t.services.settings.productName(ctx)).toBe("Repox");
    expect(await t.services.settings.defaultLanguage(ctx)).toBe("en");
    expect(await t.services.settings.isRegistrationEnabled(ctx)).toBe(false);
    expect(t.services.settings.storageQuotaBytes(ctx)).toBe(1024 ** 3);
  });

  it("follow what the administrator saved, also from inside an open transaction", async () => {
    const other = await t.newTenant();
    const saved = await other.admin.request("PUT", "/api/system_settings", [
      { settingKey: "UPLOAD_SIZE_LIMIT", settingValue: "1048576" },
      { settingKey: "POLLING_INTERVAL", settingValue: "30" },
      { settingKey: "PRODUCT_NAME", settingValue: "Museum Store" },
      { settingKey: "DEFAULT_LANGUAGE", settingValue: "it" },
    ]);
    expect(saved.statusCode).toBe(200);
    const ctx = contextOf(other);
    expect(await t.services.settings.uploadSizeLimit(ctx)).toBe(1_048_576);
    expect(await t.services.settings.productName(ctx)).toBe("Museum Store");
    expect(await t.services.settings.defaultLanguage(ctx)).toBe("it");
    expect(await ctx.db.transaction((trx) => t.services.settings.pollingIntervalSeconds(ctx, trx))).toBe(30);
    // Another tenant's values stay its own.
    expect(await t.services.settings.pollingIntervalSeconds(contextOf(tenant))).toBe(5);
  });
});
