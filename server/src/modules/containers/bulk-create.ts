// Creates many containers in the caller's transaction (content import): what POST /api/containers does for one,
// with the checks left to the caller (type accepted at the destination, values through checkPropertyValues) and the
// writes batched, so a thousand containers cost a handful of statements.
import type { ActivityParams } from "@repox/contracts";
import { recordActivities } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import * as bulk from "./bulk.repository.ts";
import type { StoredValue } from "./property-values.repository.ts";

/** A container whose type and values have been checked: `values` as checkPropertyValues answered them. */
export type CheckedContainer = { label: string; typeId: number; values: readonly StoredValue[] };

/** Answers the new ids in the order of `items`. Hold the graph lock when `parentId` is a container. */
export async function createCheckedContainers(
  trx: Trx,
  ctx: RequestContext,
  parentId: string | null,
  items: readonly CheckedContainer[],
  params: ActivityParams,
): Promise<string[]> {
  const user = signedIn(ctx).user;
  const created = items.map((item) => ({ id: uuidv7(), ...item }));
  await bulk.insertContainers(
    trx,
    ctx.tenant.id,
    user.id,
    created.map((item) => ({ id: item.id, label: item.label, type_id: item.typeId })),
  );
  const ids = created.map((item) => item.id);
  await bulk.insertEdges(trx, ctx.tenant.id, parentId, ids);
  await bulk.insertValues(
    trx,
    ctx.tenant.id,
    created.flatMap((item) => item.values.map((value) => ({ ...value, object_id: item.id }))),
  );
  await recordActivities(
    trx,
    ctx,
    ids.map((objectId) => ({ objectType: "container" as const, objectId, action: "created", params })),
  );
  return ids;
}
