// Bulk actions (issue 11): one change applied to many items, each through the service its single-item route calls,
// so each item is checked by the same rules and changed in its own transaction. A refusal (a typed error) becomes
// that item's result and the others go on; anything else is a fault and fails the request.
import {
  type BulkColorBody,
  type BulkItem,
  type BulkItemResult,
  type BulkLinkBody,
  type BulkMoveBody,
  type BulkPublishBody,
  type BulkResult,
  type BulkStarBody,
  type BulkTagBody,
  HEX_COLOR_PATTERN,
} from "@repox/contracts";
import { BadRequest, HttpError } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { ContainersService } from "../containers/service.ts";
import type { DatastreamsService } from "../datastreams/service.ts";
import type { StarsService } from "../stars/service.ts";
import type { TagAssignmentsService } from "../tags/assignments.service.ts";

export type BulkDeps = {
  containers: ContainersService;
  datastreams: DatastreamsService;
  stars: StarsService;
  tagAssignments: TagAssignmentsService;
};

/** Only containers carry a publish state. */
export const ONLY_CONTAINERS_PUBLISHED = "Only containers can be published";

type ItemChange = (item: BulkItem) => Promise<unknown>;

async function eachItem(items: readonly BulkItem[], change: ItemChange): Promise<BulkResult> {
  const results: BulkItemResult[] = [];
  // One after the other: moves and links take the tenant's graph lock anyway, and each sees the ones before it.
  for (const item of items) {
    try {
      await change(item);
      results.push({ ...item, ok: true });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      results.push({ ...item, ok: false, message: error.message });
    }
  }
  return { results };
}

export function createBulkService({ containers, datastreams, stars, tagAssignments }: BulkDeps) {
  const isContainer = (item: BulkItem) => item.objectType === "CONTAINER";
  return {
    move: (ctx: RequestContext, { items, from, to }: BulkMoveBody) =>
      eachItem(items, (item) =>
        isContainer(item) ? containers.move(ctx, item.objectId, { from, to }) : datastreams.move(ctx, item.objectId, { from, to }),
      ),

    link: (ctx: RequestContext, { items, to }: BulkLinkBody) =>
      eachItem(items, (item) => (isContainer(item) ? containers.link(ctx, item.objectId, to) : datastreams.link(ctx, item.objectId, to))),

    star: (ctx: RequestContext, { items, starred }: BulkStarBody) => eachItem(items, (item) => stars.star(ctx, { ...item, starred })),

    tag: (ctx: RequestContext, { items, tagId, assigned }: BulkTagBody) =>
      eachItem(items, (item) => (assigned ? tagAssignments.add(ctx, tagId, item) : tagAssignments.remove(ctx, tagId, item))),

    color(ctx: RequestContext, { items, color }: BulkColorBody) {
      // The value is the same for every item: a wrong one refuses the request rather than each item.
      if (color !== null && color !== "" && !HEX_COLOR_PATTERN.test(color)) throw new BadRequest(`Invalid hex color value: ${color}`);
      return eachItem(items, (item) =>
        isContainer(item) ? containers.setColor(ctx, item.objectId, color) : datastreams.setColor(ctx, item.objectId, color),
      );
    },

    publish: (ctx: RequestContext, { items, published }: BulkPublishBody) =>
      eachItem(items, async (item) => {
        if (!isContainer(item)) throw new BadRequest(ONLY_CONTAINERS_PUBLISHED);
        return containers.setPublished(ctx, item.objectId, published);
      }),
  };
}

export type BulkService = ReturnType<typeof createBulkService>;
