// SQL for resolving a tenant by its code. Runs as the database owner: the tenant is not known yet.
import type { Db } from "./db/database.ts";

export function findTenantByCode(db: Db, code: string) {
  return db.selectFrom("tenants").select(["id", "code", "name", "storage_quota"]).where("code", "=", code).executeTakeFirst();
}
