// SQL for the tenants table. Runs as the database owner: tenants are resolved before any tenant is known.
import type { Db } from "../../platform/db/database.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export function listTenants(db: Db) {
  return db.selectFrom("tenants").select(["id", "code", "name", "storage_quota", "created_at"]).orderBy("code").execute();
}

export function findTenant(db: Db | Trx, code: string) {
  return db.selectFrom("tenants").select(["id", "code", "name", "storage_quota", "created_at"]).where("code", "=", code).executeTakeFirst();
}

export function insertTenant(trx: Trx, tenant: { code: string; name: string; storage_quota: number }) {
  return trx
    .insertInto("tenants")
    .values(tenant)
    .returning(["id", "code", "name", "storage_quota", "created_at"])
    .executeTakeFirstOrThrow();
}
