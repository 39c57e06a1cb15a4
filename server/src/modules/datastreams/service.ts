import {
  type ActivityItem,
  type ActivityQuery,
  type ContentProperty,
  type Datastream,
  type DatastreamMediaUrls,
  type DatastreamMoveBody,
  type DatastreamRemoval,
  type DatastreamUpdateBody,
  type Destination,
  HEX_COLOR_PATTERN,
  type Page,
  ROOT,
} from "@repox/contracts";
import { listActivity, recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import {
  type FileContent,
  type StoredFile,
  storedFileContent,
  type ThumbnailMissing,
  thumbnailContent,
} from "../../platform/media/file-content.ts";
import * as values from "../containers/property-values.repository.ts";
import { changedPropertyNames, checkPropertyValues, toContentProperties } from "../containers/property-values.ts";
import type { DatastreamsDeps } from "./deps.ts";
import { createMediaLinks } from "./media-links.ts";
import * as repo from "./repository.ts";
import { createUploads } from "./uploads.ts";
import { toDatastream } from "./views.ts";

/** Spec 1 §5 and §8: a file's destination must be a container, other than where it is. */
const DIFFERENT_DESTINATION = "Select a different destination";

const quoted = (label: string) => `'${label}'`;

const THUMBNAIL_MISSING: ThumbnailMissing = {
  pending: "The thumbnail is not ready yet.",
  unsupported: "There is no thumbnail for this kind of file.",
  failed: "No thumbnail could be made for this file.",
  unavailable: "Thumbnails for this kind of file cannot be made on this server at the moment.",
};

const storedFileOf = (row: repo.DatastreamRow): StoredFile => ({
  label: row.label,
  mimeType: row.mime_type,
  size: Number(row.filesize),
  sha256: row.blob_sha256,
});

export async function requireDatastream(trx: Trx, id: string): Promise<repo.DatastreamRow> {
  const row = await repo.findDatastream(trx, id);
  if (!row) throw new NotFound(`Datastream ${id} not found`);
  return row;
}

export function createDatastreamsService(deps: DatastreamsDeps) {
  const graph = (trx: Trx) => deps.containers.within(trx);
  const model = (trx: Trx) => deps.contentModel.within(trx);
  const links = createMediaLinks(deps.signedUrls);

  /** The datastreams of `ids` as answered, in that order. */
  async function datastreamsOf(trx: Trx, ctx: RequestContext, ids: string[]): Promise<Datastream[]> {
    const viewer = signedIn(ctx);
    const rows = await repo.listDatastreamViews(trx, viewer.user.id, ids);
    const propertiesOfType = new Map<string, Awaited<ReturnType<typeof typeProperties>>>();
    async function typeProperties(code: string) {
      return (await model(trx).getDatastreamType(code))?.properties ?? [];
    }
    const answers: Datastream[] = [];
    for (const row of rows) {
      const properties = propertiesOfType.get(row.type_code) ?? (await typeProperties(row.type_code));
      propertiesOfType.set(row.type_code, properties);
      const stored = await values.listValues(trx, "datastream", row.id);
      const content: ContentProperty[] = toContentProperties(properties, stored);
      answers.push(
        toDatastream(row, {
          membership: await repo.listMemberships(trx, row.id),
          properties: content,
          thumbnailUrl: row.thumbnail_status === "ready" ? links.linksFor(viewer, row.id).thumbnail : null,
        }),
      );
    }
    return answers;
  }

  async function datastreamOf(trx: Trx, ctx: RequestContext, id: string): Promise<Datastream> {
    const [answer] = await datastreamsOf(trx, ctx, [id]);
    if (!answer) throw new NotFound(`Datastream ${id} not found`);
    return answer;
  }

  /** A live destination container; the top level is refused, files live in containers. */
  async function destinationOf(trx: Trx, to: Destination) {
    if (to === ROOT) throw new BadRequest(DIFFERENT_DESTINATION);
    return graph(trx).requireContainer(to);
  }

  async function typeOf(trx: Trx, code: string) {
    const type = await model(trx).getDatastreamType(code);
    if (!type) throw new BadRequest(`type: no datastream type with code '${code}'`);
    return type;
  }

  return {
    ...createUploads(deps, datastreamsOf),

    async get(ctx: RequestContext, id: string): Promise<Datastream> {
      return ctx.db.transaction((trx) => datastreamOf(trx, ctx, id));
    },

    async update(ctx: RequestContext, id: string, body: DatastreamUpdateBody): Promise<Datastream> {
      const user = signedIn(ctx).user;
      if (body.id !== undefined && body.id.toLowerCase() !== id.toLowerCase())
        throw new BadRequest("id in the body does not match the path");
      return ctx.db.transaction(async (trx) => {
        const row = await requireDatastream(trx, id);
        if (body.type !== undefined && body.type !== row.type_code) {
          throw new BadRequest(`The type of a datastream cannot change after it is uploaded (it is '${row.type_code}')`);
        }
        const type = await typeOf(trx, row.type_code);
        const stored = await values.listValues(trx, "datastream", row.id);
        const checked = await checkPropertyValues(trx, deps, {
          subject: `datastream type '${type.code}'`,
          properties: type.properties,
          inputs: body.properties,
          stored,
        });
        const changed = changedPropertyNames(type.properties, stored, checked.rows);
        const renamed = body.label !== row.label;
        if (!renamed && changed.length === 0) return datastreamOf(trx, ctx, row.id);
        await repo.updateDatastream(trx, row.id, user.id, { label: body.label });
        await values.replaceValues(trx, ctx.tenant.id, "datastream", row.id, checked.keys, checked.rows);
        const params = { what: "updated", renamed: renamed ? { from: row.label, to: body.label } : null, fields: changed } as const;
        await recordActivity(trx, ctx, { objectType: "datastream", objectId: row.id, action: "updated", params });
        return datastreamOf(trx, ctx, row.id);
      });
    },

    async rename(ctx: RequestContext, id: string, label: string): Promise<Datastream> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        const row = await requireDatastream(trx, id);
        if (label !== row.label) {
          await repo.updateDatastream(trx, row.id, user.id, { label });
          const params = { what: "renamed", from: row.label, to: label } as const;
          await recordActivity(trx, ctx, { objectType: "datastream", objectId: row.id, action: "renamed", params });
        }
        return datastreamOf(trx, ctx, row.id);
      });
    },

    async setColor(ctx: RequestContext, id: string, color: string | null): Promise<Datastream> {
      const user = signedIn(ctx).user;
      const value = color === null || color === "" ? null : color.toLowerCase();
      if (value !== null && !HEX_COLOR_PATTERN.test(value)) throw new BadRequest(`Invalid hex color value: ${color}`);
      return ctx.db.transaction(async (trx) => {
        const row = await requireDatastream(trx, id);
        if (value !== row.color) {
          await repo.updateDatastream(trx, row.id, user.id, { color: value });
          const params = value === null ? ({ what: "colorRemoved" } as const) : ({ what: "colorSet", color: value } as const);
          await recordActivity(trx, ctx, { objectType: "datastream", objectId: row.id, action: "colored", params });
        }
        return datastreamOf(trx, ctx, row.id);
      });
    },

    /** Takes the file out of `from` and puts it into `to`, in one step; its other containers keep it. */
    async move(ctx: RequestContext, id: string, { from, to }: DatastreamMoveBody): Promise<Datastream> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        await graph(trx).lockGraph(ctx.tenant.id);
        const row = await requireDatastream(trx, id);
        const destination = await destinationOf(trx, to);
        if (from === ROOT) throw new Conflict(`${quoted(row.label)} is not at the top level: files are always in a container`);
        const origin = await graph(trx).requireContainer(from);
        if (!(await repo.hasMembership(trx, origin.id, row.id)))
          throw new Conflict(`${quoted(row.label)} is not in ${quoted(origin.label)}`);
        if (await repo.hasMembership(trx, destination.id, row.id)) throw new BadRequest(DIFFERENT_DESTINATION);
        await graph(trx).assertAcceptsDatastream(destination, { code: row.type_code, name: row.type_name }, "moved");
        await repo.deleteMembership(trx, origin.id, row.id);
        await repo.insertMemberships(trx, ctx.tenant.id, destination.id, [row.id]);
        await repo.updateDatastream(trx, row.id, user.id, {});
        const params = { what: "moved", from: origin.label, to: destination.label } as const;
        await recordActivity(trx, ctx, { objectType: "datastream", objectId: row.id, action: "moved", params });
        return datastreamOf(trx, ctx, row.id);
      });
    },

    /** Adds `to` as one more container holding the file; it stays where it was too. */
    async link(ctx: RequestContext, id: string, to: Destination): Promise<Datastream> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        await graph(trx).lockGraph(ctx.tenant.id);
        const row = await requireDatastream(trx, id);
        const destination = await destinationOf(trx, to);
        if (await repo.hasMembership(trx, destination.id, row.id)) {
          throw new Conflict(`${quoted(row.label)} is already in ${quoted(destination.label)}`);
        }
        await graph(trx).assertAcceptsDatastream(destination, { code: row.type_code, name: row.type_name }, "linked");
        await repo.insertMemberships(trx, ctx.tenant.id, destination.id, [row.id]);
        await repo.updateDatastream(trx, row.id, user.id, {});
        const params = { what: "linked", to: destination.label } as const;
        await recordActivity(trx, ctx, { objectType: "datastream", objectId: row.id, action: "linked", params });
        return datastreamOf(trx, ctx, row.id);
      });
    },

    /**
     * Takes the file out of `from` (without it, out of every container). When no live container holds it any more it
     * goes to the trash as an item of its own: its remaining memberships (in trashed containers) go too, so it comes
     * back only where a restore puts it.
     */
    async remove(ctx: RequestContext, id: string, from: string | undefined): Promise<DatastreamRemoval> {
      const user = signedIn(ctx).user;
      return ctx.db.transaction(async (trx) => {
        await graph(trx).lockGraph(ctx.tenant.id);
        const row = await requireDatastream(trx, id);
        if (from !== undefined) {
          const origin = await graph(trx).requireContainer(from);
          if (!(await repo.deleteMembership(trx, origin.id, row.id))) {
            throw new Conflict(`${quoted(row.label)} is not in ${quoted(origin.label)}`);
          }
          await repo.updateDatastream(trx, row.id, user.id, {});
          const params = { what: "removed", from: origin.label } as const;
          await recordActivity(trx, ctx, { objectType: "datastream", objectId: row.id, action: "removed", params });
        }
        const membership = await repo.listMemberships(trx, row.id);
        const trashed = membership.length === 0 || from === undefined;
        if (trashed) {
          await repo.deleteAllMemberships(trx, row.id);
          await repo.trashDatastream(trx, row.id, user.id);
          await recordActivity(trx, ctx, {
            objectType: "datastream",
            objectId: row.id,
            action: "trashed",
            params: { what: "trashed" },
          });
        }
        return {
          uuid: row.id,
          trashed,
          membership: trashed ? [] : membership.map((container) => ({ uuid: container.id, label: container.label })),
        };
      });
    },

    async activity(ctx: RequestContext, id: string, query: ActivityQuery): Promise<Page<ActivityItem>> {
      return ctx.db.transaction(async (trx) => {
        const row = await requireDatastream(trx, id);
        return listActivity(trx, "datastream", row.id, query);
      });
    },

    /** Signed links to the preview, download and (once ready) thumbnail, for the caller only. */
    async mediaUrls(ctx: RequestContext, id: string): Promise<DatastreamMediaUrls> {
      const viewer = signedIn(ctx);
      const answer = await ctx.db.transaction((trx) => datastreamOf(trx, ctx, id));
      const signed = links.linksFor(viewer, answer.uuid);
      return { ...signed, thumbnail: answer.thumbnail.status === "ready" ? signed.thumbnail : null };
    },

    /** The file itself, for preview and download. */
    async file(ctx: RequestContext, id: string): Promise<FileContent> {
      const row = await ctx.db.transaction((trx) => requireDatastream(trx, id));
      return storedFileContent(deps.blobs, ctx.tenant.id, storedFileOf(row));
    },

    /** The thumbnail (WebP), or NotFound saying why there is none (yet): the UI then shows its generic icon. */
    async thumbnail(ctx: RequestContext, id: string): Promise<FileContent> {
      const row = await ctx.db.transaction((trx) => requireDatastream(trx, id));
      return thumbnailContent(deps.media, ctx.tenant.id, storedFileOf(row), THUMBNAIL_MISSING);
    },

    /** For other areas, inside their own transaction. */
    within(trx: Trx) {
      return {
        /**
         * The media types of the datastreams among `ids` a signed-in user of the tenant may read (every live one: a
         * datastream in the trash, or of another tenant, is absent).
         */
        readableMediaTypes: (ids: readonly string[]) => repo.findMediaTypes(trx, ids),
      };
    },
  };
}

export type DatastreamsService = ReturnType<typeof createDatastreamsService>;
