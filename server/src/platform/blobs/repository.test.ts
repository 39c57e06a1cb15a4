import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../test/test-database.ts";
import { inTenant } from "../db/tenant-transaction.ts";
import { findBlob, recordBlob } from "./repository.ts";

let database: TestDatabase;
let tenantA: string;
let tenantB: string;
const blob = { sha256: "ab".repeat(32), size: 1234, mimeType: "image/png" };

beforeAll(async () => {
  database = await createTestDatabase();
  tenantA = await database.newTenantId();
  tenantB = await database.newTenantId();
});
afterAll(() => database.close());

describe("blob records", () => {
  it("are recorded once per tenant and content, however often the same file is uploaded", async () => {
    await inTenant(database.db, tenantA, (trx) => recordBlob(trx, tenantA, blob));
    await inTenant(database.db, tenantA, (trx) => recordBlob(trx, tenantA, blob));
    expect(await inTenant(database.db, tenantA, (trx) => findBlob(trx, blob.sha256))).toEqual(blob);
  });

  it("are invisible to other tenants, and cannot be written for them", async () => {
    expect(await inTenant(database.db, tenantB, (trx) => findBlob(trx, blob.sha256))).toBeUndefined();
    await expect(inTenant(database.db, tenantB, (trx) => recordBlob(trx, tenantA, { ...blob, sha256: "cd".repeat(32) }))).rejects.toThrow(
      /row-level security/,
    );
  });
});
