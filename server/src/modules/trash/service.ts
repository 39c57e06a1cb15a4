// The trash: removing a container from a place (to the trash with what only it leads to, when that was its last
// place), listing what people removed, restoring it into a chosen container and deleting it for good (its files are
// freed by a job once nothing else holds them). Rules: docs/content-schema.md "Trash".
import {
  type ContainerRemoveResult,
  type ContentObjectType,
  type Destination,
  type Page,
  ROOT,
  type TrashActionResult,
  type TrashDeleteBody,
  type TrashItem,
  type TrashListQuery,
  type TrashObject,
  type TrashRestoreBody,
  toPage,
} from "@repox/contracts";
import { type ActivityObjectType, recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import type { ContainersService } from "../containers/service.ts";
import { type PurgeDeps, registerPurgeJob } from "./purge.ts";
import * as repo from "./repository.ts";

export type TrashDeps = PurgeDeps & { containers: ContainersService };

const quoted = (label: string) => `'${label}'`;

const KIND: Record<ContentObjectType, { activity: ActivityObjectType; noun: string }> = {
  CONTAINER: { activity: "container", noun: "Container" },
  DATASTREAM: { activity: "datastream", noun: "Datastream" },
};

function toTrashItem(row: repo.TrashItemRow): TrashItem {
  return {
    uuid: row.id,
    label: row.label,
    objectType: row.object_type,
    type: { code: row.type_code, name: row.type_name },
    deletedAt: new Date(row.deleted_at).toISOString(),
    deletedBy: row.deleted_by?.uuid ? row.deleted_by : null,
    containerCount: Number(row.container_count),
    datastreamCount: Number(row.datastream_count),
  };
}

/** The same item named twice is handled once. */
function distinct(objects: readonly TrashObject[]): TrashObject[] {
  const seen = new Set<string>();
  return objects.filter((object) => {
    const key = `${object.objectType}:${object.objectId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function createTrashService(deps: TrashDeps) {
  const purge = registerPurgeJob(deps);

  /** A removed item as the trash lists it; an item that went with another one is restored or deleted with that one. */
  async function requireRemoved(trx: Trx, object: TrashObject): Promise<repo.TrashedRow> {
    const row = await repo.findObject(trx, object.objectType, object.objectId);
    const noun = KIND[object.objectType].noun;
    if (!row) throw new NotFound(`${noun} ${object.objectId} not found`);
    if (row.deleted_at === null) throw new Conflict(`${quoted(row.label)} is not in the trash`);
    if (row.trashed_with !== null) {
      throw new Conflict(
        `${quoted(row.label)} went to the trash with ${quoted(row.trashed_with_label ?? "")}: restore or delete that item instead`,
      );
    }
    return row;
  }

  return {
    /**
     * In another area's deleting transaction: once it commits, each of these files goes from the store unless some row
     * (a datastream, asset, story export or guide) still holds it.
     */
    enqueueFilePurge: purge.enqueuePurge,

    /**
     * Takes the container out of `from` (a parent or ROOT; left out: its only place). With another place left it stays
     * there; without one it goes to the trash with what is reachable only through it.
     */
    async removeContainer(ctx: RequestContext, id: string, from: Destination | undefined): Promise<ContainerRemoveResult> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        const graph = deps.containers.within(trx);
        await graph.lockGraph(ctx.tenant.id);
        const node = await graph.requireContainer(id);
        const parents = await graph.listParents(node.id);
        const atRoot = await graph.isAtRoot(node.id);
        const places = [...(atRoot ? [null] : []), ...parents];

        let origin: { id: string; label: string } | null;
        if (from === undefined) {
          if (places.length > 1) {
            throw new BadRequest(`from: ${quoted(node.label)} is in more than one place; say which one to remove it from`);
          }
          origin = places[0] ?? null;
        } else if (from === ROOT) {
          if (!atRoot) throw new Conflict(`${quoted(node.label)} is not at the top level`);
          origin = null;
        } else {
          const parent = parents.find((candidate) => candidate.id === from) ?? (await graph.requireContainer(from));
          if (!parents.some((candidate) => candidate.id === parent.id)) {
            throw new Conflict(`${quoted(node.label)} is not in ${quoted(parent.label)}`);
          }
          origin = parent;
        }

        await graph.deleteEdge(origin?.id ?? null, node.id);
        const isPlacedElsewhere = places.some((place) => (place?.id ?? null) !== (origin?.id ?? null));
        if (isPlacedElsewhere) {
          await graph.markModified(node.id, user.id);
          const params = { what: "removed", from: origin?.label ?? null } as const;
          await recordActivity(trx, ctx, { objectType: "container", objectId: node.id, action: "removed", params });
          return { removed: true, trashed: false, containers: 0, datastreams: 0 };
        }
        await repo.deletePlacementsOf(trx, node.id);
        const taken = await repo.trashContainer(trx, node.id, user.id);
        const params = { what: "containerTrashed", from: origin?.label ?? null, ...taken } as const;
        await recordActivity(trx, ctx, { objectType: "container", objectId: node.id, action: "trashed", params });
        return { removed: true, trashed: true, ...taken };
      });
    },

    async list(ctx: RequestContext, query: TrashListQuery): Promise<Page<TrashItem>> {
      return ctx.db.transaction(async (trx) => {
        const rows = await repo.listRemovedItems(trx, query);
        const total = await repo.countRemovedItems(trx);
        return toPage(rows.map(toTrashItem), total, query);
      });
    },

    /** Every item or none: one that may not go to the destination stops the whole request with its reason. */
    async restore(ctx: RequestContext, body: TrashRestoreBody): Promise<TrashActionResult> {
      const user = signedIn(ctx).user;
      const objects = distinct(body.objects);
      return ctx.db.transaction(async (trx) => {
        const graph = deps.containers.within(trx);
        await graph.lockGraph(ctx.tenant.id);
        const destination = body.container === ROOT ? null : await graph.requireContainer(body.container);
        const to = destination?.label ?? null;
        const result: TrashActionResult = { items: 0, containers: 0, datastreams: 0 };
        for (const object of objects) {
          const row = await requireRemoved(trx, object);
          if (object.objectType === "CONTAINER") {
            if (destination) await graph.assertNoCycle(row, destination.id, "restored");
            await graph.assertAcceptsContainer(destination, { code: row.type_code, name: row.type_name }, "restored");
            await graph.insertEdge(ctx.tenant.id, destination?.id ?? null, row.id);
            const taken = await repo.restoreContainer(trx, row.id, user.id);
            result.containers += 1 + taken.containers;
            result.datastreams += taken.datastreams;
          } else {
            if (!destination) throw new BadRequest("Select a different destination: a datastream cannot be restored to the top level");
            await graph.assertAcceptsDatastream(destination, { code: row.type_code, name: row.type_name }, "restored");
            await repo.insertMembership(trx, ctx.tenant.id, destination.id, row.id);
            await repo.restoreDatastream(trx, row.id, user.id);
            result.datastreams += 1;
          }
          result.items += 1;
          const objectType = KIND[object.objectType].activity;
          await recordActivity(trx, ctx, { objectType, objectId: row.id, action: "restored", params: { what: "restored", to } });
        }
        return result;
      });
    },

    /** Deletes removed items and what they took, in one transaction; their files are freed by a job after it. */
    async deleteForGood(ctx: RequestContext, body: TrashDeleteBody): Promise<TrashActionResult> {
      const objects = distinct(body.objects);
      return ctx.db.transaction(async (trx) => {
        // Serialised with restores and removals, so what is checked here is still in the trash when it is deleted.
        await deps.containers.within(trx).lockGraph(ctx.tenant.id);
        const rows: { object: TrashObject; row: repo.TrashedRow }[] = [];
        for (const object of objects) rows.push({ object, row: await requireRemoved(trx, object) });
        const ids = (kind: ContentObjectType) => rows.filter(({ object }) => object.objectType === kind).map(({ row }) => row.id);
        const deleted = await repo.deleteForGood(trx, { containerIds: ids("CONTAINER"), datastreamIds: ids("DATASTREAM") });
        for (const { object, row } of rows) {
          await recordActivity(trx, ctx, {
            objectType: KIND[object.objectType].activity,
            objectId: row.id,
            action: "deleted",
            params: { what: "deleted", label: row.label },
          });
        }
        if (deleted.files.length > 0) await purge.enqueuePurge(trx, ctx.tenant.id, deleted.files);
        return { items: rows.length, containers: deleted.containers, datastreams: deleted.datastreams };
      });
    },
  };
}

export type TrashService = ReturnType<typeof createTrashService>;
