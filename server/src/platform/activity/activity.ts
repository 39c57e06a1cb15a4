// The one activity log (ARCHITECTURE §4): every change to a container, datastream, survey, screen or website calls
// recordActivity inside the transaction that makes the change, so the entry commits or rolls back with it. Entries
// keep their meaning (action + params); the English description is rendered from them by contracts' renderer.
import { type ActivityItem, ActivityParams, type ActivityQuery, describeActivity, type Page, toPage } from "@repox/contracts";
import type { Trx } from "../db/tenant-transaction.ts";
import type { RequestContext } from "../http/access.ts";
import * as repo from "./repository.ts";

/** Lowercase codes; new areas add their own. */
export type ActivityObjectType = "container" | "datastream" | "survey" | "screen" | "website" | "guide";

export type ActivityEntry = {
  objectType: ActivityObjectType;
  objectId: string;
  /** A lowercase code: created, updated, renamed, colored, moved, linked, ... */
  action: string;
  /** What changed, without the actor (the item carries the user), as a sentence code and its parameters. */
  params: ActivityParams;
};

function toRow(ctx: RequestContext, entry: ActivityEntry): repo.NewActivity {
  return {
    tenant_id: ctx.tenant.id,
    object_type: entry.objectType,
    object_id: entry.objectId,
    user_id: ctx.user?.id ?? null,
    action: entry.action,
    // Kept for readers of the table and as the answer's English; the API renders it again from params.
    description: describeActivity(entry.params),
    params: JSON.stringify(entry.params),
  };
}

export async function recordActivity(trx: Trx, ctx: RequestContext, entry: ActivityEntry): Promise<void> {
  await repo.insertActivity(trx, toRow(ctx, entry));
}

/** The same for many objects at once (bulk changes such as an import), in the change's transaction. */
export async function recordActivities(trx: Trx, ctx: RequestContext, entries: readonly ActivityEntry[]): Promise<void> {
  await repo.insertActivities(
    trx,
    entries.map((entry) => toRow(ctx, entry)),
  );
}

/** Stored params that still parse; an entry from before params (or of a shape since retired) shows its description. */
function paramsOf(stored: unknown): ActivityParams | null {
  const parsed = ActivityParams.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

function toItem(row: repo.ActivityRow): ActivityItem {
  const user =
    row.user_id === null
      ? null
      : { uuid: row.user_id, username: row.username ?? "", firstname: row.firstname ?? "", lastname: row.lastname ?? "" };
  const params = paramsOf(row.params);
  const description = params ? describeActivity(params) : row.description;
  return { id: row.id, createdAt: row.created_at.toISOString(), action: row.action, description, params, user };
}

/** An object's activity, newest first, paged in SQL. The caller checks the object exists and may be read. */
export async function listActivity(
  trx: Trx,
  objectType: ActivityObjectType,
  objectId: string,
  query: ActivityQuery,
): Promise<Page<ActivityItem>> {
  const rows = await repo.listActivity(trx, objectType, objectId, { offset: query.page * query.size, limit: query.size });
  const total = await repo.countActivity(trx, objectType, objectId);
  return toPage(rows.map(toItem), total, query);
}
