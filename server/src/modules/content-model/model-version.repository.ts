// SQL for the tenant's content-model version (migration 0015), which the type cache checks on every use.
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

type ModelVersionRow = { tenant_id: string | null; version: string | null };

/** The tenant the transaction is in and its model version; null version: the model has not changed since it was made. */
export async function findModelVersion(trx: Trx): Promise<ModelVersionRow | undefined> {
  const { rows } = await sql<ModelVersionRow>`select t.id as tenant_id, v.version::text as version
    from (select app_tenant_id() as id) t left join content_model_versions v on v.tenant_id = t.id`.execute(trx);
  return rows[0];
}
