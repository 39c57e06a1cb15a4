// Containers: create, read, update, rename, colour, move, link, report and activity, each in one short tenant
// transaction; and `within(trx)`, the rules other content areas (datastreams, trash, import) use in their own.
import {
  type ActivityItem,
  type ActivityParams,
  type ActivityQuery,
  CONTENT_LIMITS,
  type Container,
  type ContainerCreateBody,
  type ContainerMoveBody,
  type ContainerPublishState,
  type ContainerReport,
  type ContainerSummary,
  type ContainerType,
  type ContainerUpdateBody,
  type ContentListQuery,
  type DatastreamListItem,
  type DatastreamSummary,
  type Destination,
  HEX_COLOR_PATTERN,
  humanByteSize,
  type Page,
  ROOT,
  toPage,
} from "@repox/contracts";
import { listActivity, recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import type { ContentModelService } from "../content-model/service.ts";
import type { VocabularyTermsPort } from "../vocabularies/content-port.ts";
import { type CheckedContainer, createCheckedContainers } from "./bulk-create.ts";
import * as graph from "./graph.repository.ts";
import { assertAcceptsContainer, assertAcceptsDatastream, assertNoCycle, type Placement, pathsOf } from "./graph.ts";
import * as values from "./property-values.repository.ts";
import { changedPropertyNames, checkPropertyValues, toContentProperties } from "./property-values.ts";
import * as repo from "./repository.ts";
import { toContainerSummary, toDatastreamSummary } from "./views.ts";

export type ContainersDeps = { contentModel: ContentModelService; vocabularyTerms: VocabularyTermsPort };

const FIRST_PAGE = { page: 0, size: CONTENT_LIMITS.embeddedListSize, sort: "label", direction: "asc" } as const;

const pageOf = (query: ContentListQuery): repo.ListPage => ({ ...query, offset: query.page * query.size, limit: query.size });

const parentOf = (destination: Destination): string | null => (destination === ROOT ? null : destination);

const quoted = (label: string) => `'${label}'`;

export async function requireContainer(trx: Trx, id: string): Promise<repo.ContainerRow> {
  const row = await repo.findContainer(trx, id);
  if (!row) throw new NotFound(`Container ${id} not found`);
  return row;
}

/** A live datastream of the transaction's tenant, or NotFound `Datastream {id} not found`. */
export async function requireDatastream(trx: Trx, id: string): Promise<repo.DatastreamRow> {
  const row = await repo.findDatastream(trx, id);
  if (!row) throw new NotFound(`Datastream ${id} not found`);
  return row;
}

export function createContainersService(deps: ContainersDeps) {
  const model = (trx: Trx) => deps.contentModel.within(trx);

  async function requireType(trx: Trx, code: string): Promise<ContainerType> {
    const type = await model(trx).getContainerType(code);
    if (!type) throw new BadRequest(`type: no container type with code '${code}'`);
    return type;
  }

  /** The destination's row, or null for the top level. */
  async function destinationOf(trx: Trx, destination: Destination): Promise<repo.ContainerRow | null> {
    const id = parentOf(destination);
    return id === null ? null : requireContainer(trx, id);
  }

  async function placeUnder(trx: Trx, ctx: RequestContext, parent: repo.ContainerRow | null, node: repo.ContainerRow, how: Placement) {
    if (parent) await assertNoCycle(trx, node, parent.id, how);
    await assertAcceptsContainer(model(trx), parent, { code: node.type_code, name: node.type_name }, how);
    await graph.insertEdge(trx, ctx.tenant.id, parent?.id ?? null, node.id);
  }

  async function summaryOf(trx: Trx, ctx: RequestContext, id: string): Promise<ContainerSummary> {
    const row = await repo.findContainerSummary(trx, signedIn(ctx).user.id, id);
    if (!row) throw new NotFound(`Container ${id} not found`);
    return toContainerSummary(row);
  }

  async function childPage(
    trx: Trx,
    ctx: RequestContext,
    parentId: string | null,
    query: ContentListQuery,
  ): Promise<Page<ContainerSummary>> {
    const rows = await repo.listChildren(trx, signedIn(ctx).user.id, parentId, pageOf(query));
    const total = await repo.countChildren(trx, parentId, query.q);
    return toPage(rows.map(toContainerSummary), total, query);
  }

  async function datastreamPage(
    trx: Trx,
    ctx: RequestContext,
    containerId: string,
    query: ContentListQuery,
  ): Promise<Page<DatastreamSummary>> {
    const rows = await repo.listDatastreams(trx, signedIn(ctx).user.id, containerId, pageOf(query));
    const total = await repo.countDatastreams(trx, containerId, query.q);
    return toPage(rows.map(toDatastreamSummary), total, query);
  }

  async function containerOf(trx: Trx, ctx: RequestContext, id: string): Promise<Container> {
    const viewerId = signedIn(ctx).user.id;
    const summary = await summaryOf(trx, ctx, id);
    const type = await requireType(trx, summary.type.code);
    const stored = await values.listValues(trx, "container", id);
    const paths = await pathsOf(trx, id);
    const parents = await graph.listParents(trx, id);
    const firstPath = paths[0]?.nodes;
    const siblings = firstPath ? await graph.listSiblings(trx, firstPath.at(-1)?.uuid ?? null, id, CONTENT_LIMITS.embeddedListSize) : [];
    return {
      ...summary,
      atRoot: await graph.isAtRoot(trx, id),
      paths,
      parents: parents.map((parent) => ({ uuid: parent.id, label: parent.label })),
      properties: toContentProperties(type.properties, stored),
      children: (await repo.listChildren(trx, viewerId, id, pageOf(FIRST_PAGE))).map(toContainerSummary),
      datastreams: (await repo.listDatastreams(trx, viewerId, id, pageOf(FIRST_PAGE))).map(toDatastreamSummary),
      siblings: siblings.map((sibling) => ({ uuid: sibling.id, label: sibling.label })),
    };
  }

  return {
    async listRoot(ctx: RequestContext, query: ContentListQuery): Promise<Page<ContainerSummary>> {
      return ctx.db.transaction((trx) => childPage(trx, ctx, null, query));
    },

    async get(ctx: RequestContext, id: string): Promise<Container> {
      return ctx.db.transaction((trx) => containerOf(trx, ctx, id));
    },

    async listChildren(ctx: RequestContext, id: string, query: ContentListQuery): Promise<Page<ContainerSummary>> {
      return ctx.db.transaction(async (trx) => {
        await requireContainer(trx, id);
        return childPage(trx, ctx, id, query);
      });
    },

    async listDatastreams(ctx: RequestContext, id: string, query: ContentListQuery): Promise<Page<DatastreamSummary>> {
      return ctx.db.transaction(async (trx) => {
        await requireContainer(trx, id);
        return datastreamPage(trx, ctx, id, query);
      });
    },

    async create(ctx: RequestContext, to: Destination | undefined, body: ContainerCreateBody): Promise<Container> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        const destination = to ?? ROOT;
        // Locked before the parent is read, so a move or trash of the parent cannot slip in between.
        if (destination !== ROOT) await graph.lockGraph(trx, ctx.tenant.id);
        const type = await requireType(trx, body.type);
        const parent = await destinationOf(trx, destination);
        await assertAcceptsContainer(model(trx), parent, type, "created");
        const checked = await checkPropertyValues(trx, deps, {
          subject: `container type '${type.code}'`,
          properties: type.properties,
          inputs: body.properties,
        });
        const id = uuidv7();
        await repo.insertContainer(trx, { tenant_id: ctx.tenant.id, id, label: body.label, type_id: type.id, created_by: user.id });
        await graph.insertEdge(trx, ctx.tenant.id, parent?.id ?? null, id);
        await values.replaceValues(trx, ctx.tenant.id, "container", id, checked.keys, checked.rows);
        const params = { what: "created", parent: parent?.label ?? null } as const;
        await recordActivity(trx, ctx, { objectType: "container", objectId: id, action: "created", params });
        return containerOf(trx, ctx, id);
      });
    },

    async update(ctx: RequestContext, id: string, body: ContainerUpdateBody): Promise<Container> {
      const user = signedIn(ctx).user;
      if (body.id.toLowerCase() !== id.toLowerCase()) throw new BadRequest("id in the body does not match the path");
      return ctx.db.transaction(async (trx) => {
        const row = await requireContainer(trx, id);
        if (body.type !== undefined && body.type !== row.type_code) {
          throw new BadRequest(`The type of a container cannot change after it is created (it is '${row.type_code}')`);
        }
        const type = await requireType(trx, row.type_code);
        const stored = await values.listValues(trx, "container", row.id);
        const checked = await checkPropertyValues(trx, deps, {
          subject: `container type '${type.code}'`,
          properties: type.properties,
          inputs: body.properties,
          stored,
        });
        const changed = changedPropertyNames(type.properties, stored, checked.rows);
        const renamed = body.label !== row.label;
        if (!renamed && changed.length === 0) return containerOf(trx, ctx, row.id);
        await repo.updateContainer(trx, row.id, user.id, { label: body.label });
        await values.replaceValues(trx, ctx.tenant.id, "container", row.id, checked.keys, checked.rows);
        const params = { what: "updated", renamed: renamed ? { from: row.label, to: body.label } : null, fields: changed } as const;
        await recordActivity(trx, ctx, { objectType: "container", objectId: row.id, action: "updated", params });
        return containerOf(trx, ctx, row.id);
      });
    },

    async rename(ctx: RequestContext, id: string, label: string): Promise<ContainerSummary> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        const row = await requireContainer(trx, id);
        if (label !== row.label) {
          await repo.updateContainer(trx, row.id, user.id, { label });
          const params = { what: "renamed", from: row.label, to: label } as const;
          await recordActivity(trx, ctx, { objectType: "container", objectId: row.id, action: "renamed", params });
        }
        return summaryOf(trx, ctx, row.id);
      });
    },

    async setColor(ctx: RequestContext, id: string, color: string | null): Promise<ContainerSummary> {
      const user = signedIn(ctx).user;
      const value = color === null || color === "" ? null : color.toLowerCase();
      if (value !== null && !HEX_COLOR_PATTERN.test(value)) throw new BadRequest(`Invalid hex color value: ${color}`);
      return ctx.db.transaction(async (trx) => {
        const row = await requireContainer(trx, id);
        if (value !== row.color) {
          await repo.updateContainer(trx, row.id, user.id, { color: value });
          const params = value === null ? ({ what: "colorRemoved" } as const) : ({ what: "colorSet", color: value } as const);
          await recordActivity(trx, ctx, { objectType: "container", objectId: row.id, action: "colored", params });
        }
        return summaryOf(trx, ctx, row.id);
      });
    },

    /** Takes the container out of `from` (a parent or ROOT) and puts it into `to`, in one step. */
    async move(ctx: RequestContext, id: string, { from, to }: ContainerMoveBody): Promise<Container> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        await graph.lockGraph(trx, ctx.tenant.id);
        const node = await requireContainer(trx, id);
        const origin = await destinationOf(trx, from);
        const destination = await destinationOf(trx, to);
        const originName = origin ? quoted(origin.label) : "the top level";
        if (!(await graph.hasEdge(trx, origin?.id ?? null, node.id))) {
          throw new Conflict(`${quoted(node.label)} is not ${origin ? `in ${originName}` : "at the top level"}`);
        }
        if (await graph.hasEdge(trx, destination?.id ?? null, node.id)) throw new BadRequest("Select a different destination");
        await graph.deleteEdge(trx, origin?.id ?? null, node.id);
        await placeUnder(trx, ctx, destination, node, "moved");
        await repo.updateContainer(trx, node.id, user.id, {});
        const params = { what: "moved", from: origin?.label ?? null, to: destination?.label ?? null } as const;
        await recordActivity(trx, ctx, { objectType: "container", objectId: node.id, action: "moved", params });
        return containerOf(trx, ctx, node.id);
      });
    },

    /** Adds `to` (a container or ROOT) as one more parent; the container stays where it was too. */
    async link(ctx: RequestContext, id: string, to: Destination): Promise<Container> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        await graph.lockGraph(trx, ctx.tenant.id);
        const node = await requireContainer(trx, id);
        const destination = await destinationOf(trx, to);
        const destinationName = destination ? quoted(destination.label) : "the top level";
        if (await graph.hasEdge(trx, destination?.id ?? null, node.id)) {
          throw new Conflict(`${quoted(node.label)} is already ${destination ? `in ${destinationName}` : "at the top level"}`);
        }
        await placeUnder(trx, ctx, destination, node, "linked");
        await repo.updateContainer(trx, node.id, user.id, {});
        const params = { what: "linked", to: destination?.label ?? null } as const;
        await recordActivity(trx, ctx, { objectType: "container", objectId: node.id, action: "linked", params });
        return containerOf(trx, ctx, node.id);
      });
    },

    /** Publish (true) or unpublish (false); doing it twice changes nothing. */
    async setPublished(ctx: RequestContext, id: string, published: boolean): Promise<ContainerPublishState> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        const row = await requireContainer(trx, id);
        const before = await repo.findPublishState(trx, row.id);
        if (before?.published !== published) {
          await repo.setPublished(trx, row.id, user.id, published);
          const action = published ? "published" : "unpublished";
          await recordActivity(trx, ctx, { objectType: "container", objectId: row.id, action, params: { what: action } });
        }
        const state = await repo.findPublishState(trx, row.id);
        if (!state) throw new NotFound(`Container ${id} not found`);
        return { uuid: state.id, published: state.published, publishedAt: state.published_at?.toISOString() ?? null };
      });
    },

    async report(ctx: RequestContext, id: string): Promise<ContainerReport> {
      return ctx.db.transaction(async (trx) => {
        const row = await requireContainer(trx, id);
        const figures = await graph.subtreeFigures(trx, row.id);
        return {
          label: row.label,
          containerCount: figures.containers,
          datastreamCount: figures.datastreams,
          totalStorageSpace: figures.bytes,
          totalStorageSpaceHR: humanByteSize(figures.bytes),
        };
      });
    },

    async activity(ctx: RequestContext, id: string, query: ActivityQuery): Promise<Page<ActivityItem>> {
      return ctx.db.transaction(async (trx) => {
        const row = await requireContainer(trx, id);
        return listActivity(trx, "container", row.id, query);
      });
    },

    /** Rules and reads for other content areas, inside their own transaction (PGlite has one connection). */
    within(trx: Trx) {
      return {
        /** A live container of the transaction's tenant, or NotFound `Container {id} not found`. */
        requireContainer: (id: string) => requireContainer(trx, id),
        /** Refuses a container type in a parent (null: top level) its type does not accept. */
        assertAcceptsContainer: (parent: repo.ContainerRow | null, child: { code: string; name: string }, how: Placement) =>
          assertAcceptsContainer(model(trx), parent, child, how),
        /** Refuses a datastream type in a container whose type does not accept it. */
        assertAcceptsDatastream: (container: repo.ContainerRow, datastream: { code: string; name: string }, how: Placement) =>
          assertAcceptsDatastream(model(trx), container, datastream, how),
        /** Serialises graph changes of the tenant until the transaction ends; take it before checking, then change. */
        lockGraph: (tenantId: string) => graph.lockGraph(trx, tenantId),
        /** Refuses putting `node` into itself or below itself (hold the graph lock). */
        assertNoCycle: (node: repo.ContainerRow, destinationId: string, how: Placement) => assertNoCycle(trx, node, destinationId, how),
        hasEdge: (parentId: string | null, childId: string) => graph.hasEdge(trx, parentId, childId),
        insertEdge: (tenantId: string, parentId: string | null, childId: string) => graph.insertEdge(trx, tenantId, parentId, childId),
        deleteEdge: (parentId: string | null, childId: string) => graph.deleteEdge(trx, parentId, childId),
        /** The live direct parents of a container, by label (the top level excluded; see isAtRoot). */
        listParents: (id: string) => graph.listParents(trx, id),
        isAtRoot: (id: string) => graph.isAtRoot(trx, id),
        pathsOf: (id: string) => pathsOf(trx, id),
        /** The container and every live container below it. */
        subtreeIds: (id: string) => graph.listSubtreeIds(trx, id),
        /**
         * Creates containers the caller has checked (type accepted at the destination, values through
         * checkPropertyValues) under `parentId` (null: the top level), each with a "created" activity; answers their ids.
         * Hold the graph lock when `parentId` is a container.
         */
        createChecked: (ctx: RequestContext, parentId: string | null, items: readonly CheckedContainer[], params: ActivityParams) =>
          createCheckedContainers(trx, ctx, parentId, items, params),
        /** Records that the user changed the container now (its places, for example). */
        markModified: (id: string, userId: string) => repo.updateContainer(trx, id, userId, {}),
        /** A live datastream, or NotFound `Datastream {id} not found`. */
        requireDatastream: (id: string) => requireDatastream(trx, id),
        /** Live containers of `ids` as lists show them (with the viewer's star), in the order of `ids`. */
        containerSummaries: async (viewerId: string, ids: readonly string[]): Promise<ContainerSummary[]> =>
          (await repo.listContainerSummariesByIds(trx, viewerId, ids)).map(toContainerSummary),
        /** Live datastreams of `ids` as lists show them, each with one container holding it, in the order of `ids`. */
        datastreamListItems: async (viewerId: string, ids: readonly string[]): Promise<DatastreamListItem[]> => {
          const rows = await repo.listDatastreamSummariesByIds(trx, viewerId, ids);
          const parents = await repo.listFirstContainers(trx, ids);
          return rows.map((row) => ({ ...toDatastreamSummary(row), parentUuid: parents.get(row.id) ?? null }));
        },
      };
    },
  };
}

export type ContainersService = ReturnType<typeof createContainersService>;
