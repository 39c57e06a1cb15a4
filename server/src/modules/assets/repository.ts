// SQL for story assets. Every function runs inside a tenant transaction (row-level security).
import type { ThumbnailStatus } from "@repox/contracts";
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { personJson } from "../iam/people.repository.ts";

export type AssetFields = {
  id: string;
  label: string;
  type: string;
  blob_sha256: string;
  mime_type: string;
  filesize: number;
  width: number | null;
  height: number | null;
  created_by: string | null;
};

type Filter = { type?: string | undefined; label?: string | undefined };
type Paging = Filter & { offset: number; limit: number };

function assetViews(trx: Trx) {
  return trx.selectFrom("assets as a").select([
    "a.id",
    "a.label",
    "a.type",
    "a.properties",
    "a.blob_sha256",
    "a.mime_type",
    "a.filesize",
    "a.width",
    "a.height",
    "a.created_at",
    personJson("a.tenant_id", "a.created_by").as("created_by"),
    // The media job records one outcome per file and kind (migration 0007); no row yet means it is still to come.
    sql<ThumbnailStatus>`coalesce((select x.status from derivatives x where x.tenant_id = a.tenant_id
        and x.source_sha256 = a.blob_sha256 and x.kind = 'thumb'), 'pending')`.as("thumbnail_status"),
  ]);
}

export type AssetViewRow = Awaited<ReturnType<ReturnType<typeof assetViews>["execute"]>>[number];

/** A LIKE pattern matching `label` anywhere, folded the way search_text is (lower case, no accents). */
function labelMatches(label: string) {
  const escaped = label.replace(/[\\%_]/g, "\\$&");
  return sql<boolean>`a.search_text like '%' || repox_search_fold(${escaped}) || '%'`;
}

/** The conditions of a filter, true when it has none. */
function matching(filter: Filter) {
  return sql<boolean>`${filter.type ? sql`a.type = ${filter.type}` : sql`true`}
    and ${filter.label ? labelMatches(filter.label) : sql`true`}`;
}

/** A page in upload order (uuid v7 ids grow with time), so the newest upload is on the last page. */
export function listAssets(trx: Trx, page: Paging): Promise<AssetViewRow[]> {
  return assetViews(trx).where(matching(page)).orderBy("a.id").offset(page.offset).limit(page.limit).execute();
}

export async function countAssets(trx: Trx, filter: Filter): Promise<number> {
  const { count } = await trx
    .selectFrom("assets as a")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where(matching(filter))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function findAssetView(trx: Trx, id: string): Promise<AssetViewRow | undefined> {
  return assetViews(trx).where("a.id", "=", id).executeTakeFirst();
}

export type AssetRow = { id: string; label: string; type: string; blob_sha256: string; mime_type: string; filesize: number };

export function findAsset(trx: Trx, id: string): Promise<AssetRow | undefined> {
  return trx
    .selectFrom("assets")
    .select(["id", "label", "type", "blob_sha256", "mime_type", "filesize"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertAsset(trx: Trx, tenantId: string, fields: AssetFields): Promise<void> {
  await trx
    .insertInto("assets")
    .values({ tenant_id: tenantId, ...fields })
    .execute();
}

/** Which of these ids are assets of the tenant (row-level security hides the others). */
export async function existingAssetIds(trx: Trx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom("assets")
    .select("id")
    .where("id", "in", [...ids])
    .execute();
  return new Set(rows.map((row) => row.id.toLowerCase()));
}
