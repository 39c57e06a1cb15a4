// Resolves the X-TenantID header to a tenant. Found tenants are cached briefly; a tenant created
// by another instance is found on the first request that names it, because misses are never cached.
import { TENANT_CODE_PATTERN } from "@repox/contracts";
import type { Db } from "./db/database.ts";
import { NotFound } from "./errors.ts";
import { findTenantByCode } from "./tenancy.repository.ts";

/** `storageQuota` in bytes, as the operator set it for the tenant. */
export type TenantRef = { id: string; code: string; name: string; storageQuota: number };

const CACHE_MS = 60_000;

export type TenantResolver = { resolve(code: string): Promise<TenantRef> };

export function createTenantResolver(db: Db): TenantResolver {
  const cache = new Map<string, { tenant: TenantRef; until: number }>();
  return {
    async resolve(code) {
      // A code no tenant can have (wrong form, control characters) is unknown without asking the database.
      if (!TENANT_CODE_PATTERN.test(code)) throw new NotFound(`Unknown tenant '${code.slice(0, 63)}'`);
      const hit = cache.get(code);
      if (hit && hit.until > Date.now()) return hit.tenant;
      const row = await findTenantByCode(db, code);
      if (!row) throw new NotFound(`Unknown tenant '${code.slice(0, 63)}'`);
      const tenant = { id: row.id, code: row.code, name: row.name, storageQuota: Number(row.storage_quota) };
      cache.set(code, { tenant, until: Date.now() + CACHE_MS });
      return tenant;
    },
  };
}
