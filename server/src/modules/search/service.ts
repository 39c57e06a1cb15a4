// Search: the global search box (containers, datastreams, and users and groups for those who may see them) and the
// reference picker's container search, each in one short read-only tenant transaction.
import {
  type ContainerSearchBody,
  type ContainerSearchHit,
  type ContentTypeRef,
  type ContentUser,
  PERMISSIONS,
  SEARCH_LIMITS,
  type SearchBody,
  type SearchQuery,
  type SearchResults,
  type TypeLayout,
} from "@repox/contracts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { IamService } from "../iam/service.ts";
import * as repo from "./repository.ts";

const NOTHING: SearchResults = { containers: [], datastreams: [], users: [], groups: [] };

const typeOf = (row: { type_code: string; type_name: string; type_layout: string }): ContentTypeRef => ({
  code: row.type_code,
  name: row.type_name,
  layout: row.type_layout as TypeLayout,
});

const personOf = (person: repo.Person): ContentUser | null => (person?.uuid ? person : null);

function toContainerHit(row: repo.ContainerHitRow) {
  return {
    uuid: row.id,
    label: row.label,
    type: typeOf(row),
    createdBy: personOf(row.created_by),
    createdAt: row.created_at.toISOString(),
  };
}

function toDatastreamHit(row: repo.DatastreamHitRow) {
  return {
    uuid: row.id,
    label: row.label,
    type: typeOf(row),
    mimeType: row.mime_type,
    filesize: Number(row.filesize),
    thumbnailStatus: row.thumbnail_status,
    createdBy: personOf(row.created_by),
    createdAt: row.created_at.toISOString(),
    parentUuid: row.container_ids[0] ?? null,
    membership: row.container_ids.map((uuid) => ({ uuid })),
  };
}

/** What search needs of the IAM module. */
type PeopleSearch = Pick<IamService, "searchPeople">;

export function createSearchService(people: PeopleSearch) {
  return {
    /** POST /api/search: `q` (or the body's `value` when `q` is blank), each group at most `size` long. */
    async search(ctx: RequestContext, query: SearchQuery, body: SearchBody): Promise<SearchResults> {
      const text = query.q.trim() || (body.value ?? "").trim();
      if (text === "") return NOTHING;
      const { operation } = body;
      const options = { typeIds: null, labelsOnly: body.field === "label", limit: query.size };
      const withPeople = operation === undefined && ctx.permissions.has(PERMISSIONS.settingsIamShow);
      return ctx.db.transaction(async (trx) => {
        const containerIds = operation === "OP_DATASTREAM" ? [] : await repo.findMatches(trx, "container", text, options);
        const datastreamIds = operation === "OP_CONTAINER" ? [] : await repo.findMatches(trx, "datastream", text, options);
        return {
          containers: (await repo.containerHits(trx, containerIds)).map(toContainerHit),
          datastreams: (await repo.datastreamHits(trx, datastreamIds, SEARCH_LIMITS.maxMemberships)).map(toDatastreamHit),
          ...(withPeople ? await people.searchPeople(trx, text, query.size) : { users: [], groups: [] }),
        };
      });
    },

    /** POST /api/containers/search: containers of the given types (any when none) by label, matching `q` if given. */
    async pickContainers(ctx: RequestContext, body: ContainerSearchBody): Promise<ContainerSearchHit[]> {
      return ctx.db.transaction(async (trx) => {
        const typeIds = body.containerTypes.length === 0 ? null : await repo.containerTypeIds(trx, body.containerTypes);
        if (typeIds?.length === 0) return [];
        const ids = await repo.findMatches(trx, "container", (body.q ?? "").trim(), { typeIds, labelsOnly: true, limit: body.size });
        return (await repo.containerHits(trx, ids)).map((row) => ({ uuid: row.id, label: row.label, type: typeOf(row) }));
      });
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
