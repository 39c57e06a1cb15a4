// Stars and the personal lists: a user stars or unstars a container or datastream (their own, no one else's), and
// reads Recent (live items anyone changed last) and Starred (their stars, the last starred first), a page at a time.
import {
  type ContainerSummary,
  type ContentObjectType,
  type DatastreamListItem,
  type Page,
  type PersonalListQuery,
  type StarBody,
  type StarRecord,
  toPage,
} from "@repox/contracts";
import { recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import type { ContainersService } from "../containers/service.ts";
import * as repo from "./repository.ts";

export type StarsDeps = { containers: ContainersService };

const KIND: Record<ContentObjectType, repo.ObjectKind> = { CONTAINER: "container", DATASTREAM: "datastream" };

/** Where a personal list comes from: a page of ids, their count, and the rows lists show for those ids. */
type ListSource<Item> = {
  ids(trx: Trx, viewerId: string, window: repo.Window): Promise<string[]>;
  count(trx: Trx, viewerId: string): Promise<number>;
  rows(trx: Trx, viewerId: string, ids: string[]): Promise<Item[]>;
};

export function createStarsService(deps: StarsDeps) {
  const content = (trx: Trx) => deps.containers.within(trx);
  const containerRows = (trx: Trx, viewerId: string, ids: string[]) => content(trx).containerSummaries(viewerId, ids);
  const datastreamRows = (trx: Trx, viewerId: string, ids: string[]) => content(trx).datastreamListItems(viewerId, ids);

  const recent = <Item>(kind: repo.ObjectKind, rows: ListSource<Item>["rows"]): ListSource<Item> => ({
    ids: (trx, _viewerId, window) => repo.listRecentIds(trx, kind, window),
    count: (trx) => repo.countRecent(trx, kind),
    rows,
  });
  const starred = <Item>(kind: repo.ObjectKind, rows: ListSource<Item>["rows"]): ListSource<Item> => ({
    ids: (trx, viewerId, window) => repo.listStarredIds(trx, viewerId, kind, window),
    count: (trx, viewerId) => repo.countStarred(trx, viewerId, kind),
    rows,
  });

  function listPage<Item>(ctx: RequestContext, query: PersonalListQuery, source: ListSource<Item>): Promise<Page<Item>> {
    const viewerId = signedIn(ctx).user.id;
    return ctx.db.transaction(async (trx) => {
      const ids = await source.ids(trx, viewerId, { offset: query.page * query.size, limit: query.size });
      const rows = await source.rows(trx, viewerId, ids);
      return toPage(rows, await source.count(trx, viewerId), query);
    });
  }

  return {
    /** Stars (true) or unstars (false); doing it twice changes nothing. The item must be live. */
    async star(ctx: RequestContext, body: StarBody): Promise<StarRecord> {
      const user = signedIn(ctx).user;
      const kind = KIND[body.objectType];
      return ctx.db.transaction(async (trx) => {
        const item =
          kind === "container" ? await content(trx).requireContainer(body.objectId) : await content(trx).requireDatastream(body.objectId);
        const star = { tenantId: ctx.tenant.id, userId: user.id, kind, objectId: item.id };
        if (await repo.setStar(trx, star, body.starred)) {
          const action = body.starred ? "starred" : "unstarred";
          await recordActivity(trx, ctx, { objectType: kind, objectId: item.id, action, params: { what: action } });
        }
        return { starred: body.starred, objectId: item.id, objectType: body.objectType };
      });
    },

    recentContainers: (ctx: RequestContext, query: PersonalListQuery): Promise<Page<ContainerSummary>> =>
      listPage(ctx, query, recent("container", containerRows)),
    recentDatastreams: (ctx: RequestContext, query: PersonalListQuery): Promise<Page<DatastreamListItem>> =>
      listPage(ctx, query, recent("datastream", datastreamRows)),
    starredContainers: (ctx: RequestContext, query: PersonalListQuery): Promise<Page<ContainerSummary>> =>
      listPage(ctx, query, starred("container", containerRows)),
    starredDatastreams: (ctx: RequestContext, query: PersonalListQuery): Promise<Page<DatastreamListItem>> =>
      listPage(ctx, query, starred("datastream", datastreamRows)),
  };
}

export type StarsService = ReturnType<typeof createStarsService>;
