// Each tenant's content types as the content area reads them (a type with its properties), kept in memory between
// requests: reading a type costs two statements, and opening a container or checking an upload reads one every time.
// Every use first reads the tenant's model version (migration 0015) in the caller's transaction, one short statement;
// an entry is used only while that version is the one it was read under.
//
// Why a version read in the same transaction is enough: what is then read from the model is at least as new as that
// version (later statements never see older data), and versions never repeat, so nothing older is ever served under
// a newer version. A transaction that changes the model sees its own new version and so never the entries of before.
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { findModelVersion } from "./model-version.repository.ts";
import type { TypeKind } from "./shared.ts";
import type { TypeDetail } from "./types.service.ts";

/** Tenants whose types are kept at once; the one unused longest goes first. */
const MAX_TENANTS = 500;

type TenantTypes = { version: string; types: Map<string, TypeDetail | undefined> };

/** The tenant and model version the transaction sees; a tenant without a row has had no change since it was made. */
async function modelVersion(trx: Trx): Promise<{ tenantId: string; version: string }> {
  const row = await findModelVersion(trx);
  if (!row?.tenant_id) throw new Error("The content model is read outside a tenant transaction");
  return { tenantId: row.tenant_id, version: row.version ?? "none" };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export function createTypeCache() {
  const tenants = new Map<string, TenantTypes>();

  return {
    /**
     * The type of `kind` with `code` (undefined: none) as `read` answers it, from memory while the tenant's model is
     * unchanged. Answers are frozen: callers share them.
     */
    async type(trx: Trx, kind: TypeKind, code: string, read: () => Promise<TypeDetail | undefined>): Promise<TypeDetail | undefined> {
      const { tenantId, version } = await modelVersion(trx);
      let kept = tenants.get(tenantId);
      if (kept?.version !== version) kept = { version, types: new Map() };
      tenants.delete(tenantId);
      tenants.set(tenantId, kept);
      if (tenants.size > MAX_TENANTS) tenants.delete(tenants.keys().next().value ?? "");
      const key = `${kind}:${code}`;
      if (kept.types.has(key)) return kept.types.get(key);
      const type = deepFreeze(await read());
      kept.types.set(key, type);
      return type;
    },
  };
}

export type TypeCache = ReturnType<typeof createTypeCache>;
