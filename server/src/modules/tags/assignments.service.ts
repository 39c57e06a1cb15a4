// Tags on content: adding and removing a tag on a live container or datastream (recorded in the item's activity),
// the tags of an item, and a tag's live items for /tagged/{id}.
import {
  type ContentObjectType,
  type Page,
  type Tag,
  type TagAssignmentBody,
  type TaggedItem,
  type TaggedItemsQuery,
  toPage,
} from "@repox/contracts";
import { recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { ContainersService } from "../containers/service.ts";
import * as assignments from "./assignments.repository.ts";
import * as tags from "./repository.ts";

export type TagAssignmentsDeps = { containers: ContainersService };

const KIND: Record<ContentObjectType, assignments.ObjectKind> = { CONTAINER: "container", DATASTREAM: "datastream" };

const toTag = (row: tags.TagRow): Tag => ({ id: row.id, name: row.name, description: row.description, color: row.color, scope: row.scope });

function toTaggedItem(row: assignments.TaggedItemRow): TaggedItem {
  return {
    uuid: row.id,
    label: row.label,
    objectType: row.object_type,
    type: { code: row.type_code, name: row.type_name },
    color: row.color,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by,
    mimeType: row.mime_type,
    parentUuid: row.parent_id,
  };
}

async function requireTag(trx: Trx, id: number): Promise<tags.TagRow> {
  const row = await tags.getTag(trx, id);
  if (!row) throw new NotFound(`Tag ${id} not found`);
  return row;
}

export function createTagAssignmentsService(deps: TagAssignmentsDeps) {
  /** The live item named by the body, or NotFound. */
  async function requireItem(trx: Trx, kind: assignments.ObjectKind, id: string): Promise<{ id: string }> {
    const content = deps.containers.within(trx);
    return kind === "container" ? content.requireContainer(id) : content.requireDatastream(id);
  }

  /** Adds (true) or removes (false) the tag; answers the item's tags after the change. */
  async function assign(ctx: RequestContext, tagId: number, body: TagAssignmentBody, isAdding: boolean): Promise<Tag[]> {
    const kind = KIND[body.objectType];
    return ctx.db.transaction(async (trx) => {
      const tag = await requireTag(trx, tagId);
      const item = await requireItem(trx, kind, body.objectId);
      const assignment = { tenantId: ctx.tenant.id, tagId: tag.id, kind, objectId: item.id };
      const changed = isAdding ? await assignments.addAssignment(trx, assignment) : await assignments.removeAssignment(trx, assignment);
      if (changed) {
        const action = isAdding ? "tagged" : "untagged";
        await recordActivity(trx, ctx, { objectType: kind, objectId: item.id, action, params: { what: action, tag: tag.name } });
      }
      return (await assignments.listTagsOf(trx, kind, item.id)).map(toTag);
    });
  }

  return {
    add: (ctx: RequestContext, tagId: number, body: TagAssignmentBody) => assign(ctx, tagId, body, true),
    remove: (ctx: RequestContext, tagId: number, body: TagAssignmentBody) => assign(ctx, tagId, body, false),

    async tagsOf(ctx: RequestContext, objectType: ContentObjectType, id: string): Promise<Tag[]> {
      const kind = KIND[objectType];
      return ctx.db.transaction(async (trx) => {
        const item = await requireItem(trx, kind, id);
        return (await assignments.listTagsOf(trx, kind, item.id)).map(toTag);
      });
    },

    async items(ctx: RequestContext, tagId: number, query: TaggedItemsQuery): Promise<Page<TaggedItem>> {
      return ctx.db.transaction(async (trx) => {
        const tag = await requireTag(trx, tagId);
        const rows = await assignments.listTaggedItems(trx, tag.id, query);
        return toPage(rows.map(toTaggedItem), await assignments.countTaggedItems(trx, tag.id), query);
      });
    },
  };
}

export type TagAssignmentsService = ReturnType<typeof createTagAssignmentsService>;
