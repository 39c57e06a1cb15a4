// Content export: checks the chosen containers and datastreams (live, of the caller's tenant) before any byte is
// sent, then answers a streamed archive written by the walk (export-walk.ts) and the writer (archive-writer.ts). The
// activity of every chosen item records the export once every file is in the archive, before its closing records.
import type { Readable } from "node:stream";
import { type ArchiveFormat, type ExportBody, exportArchiveName } from "@repox/contracts";
import type { BaseLogger } from "pino";
import { recordActivity } from "../../platform/activity/activity.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import { NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import type { ContentModelService } from "../content-model/service.ts";
import { writeArchive } from "./archive-writer.ts";
import { type WalkFigures, walkExport } from "./export-walk.ts";
import * as repo from "./repository.ts";

export type ExportsDeps = { blobs: BlobStore; contentModel: ContentModelService; log: Pick<BaseLogger, "warn" | "error"> };

/** The archive being written: the route sends `content` as the download named `fileName`. */
export type ExportArchive = { format: ArchiveFormat; fileName: string; content: Readable };

/** Text-like files shrink in a ZIP; pictures, video, audio, PDFs and office files are compressed already. */
export function isCompressible(mimeType: string): boolean {
  const type = mimeType.toLowerCase().split(";")[0]?.trim() ?? "";
  return (
    type.startsWith("text/") ||
    /[+/](json|xml|javascript|yaml|x-yaml|csv|rtf|sql|x-ndjson)$/.test(type) ||
    ["image/bmp", "image/x-ms-bmp", "image/tiff", "application/postscript", "application/x-tar"].includes(type)
  );
}

/** The rows of `ids` in that order; the first id without a live row answers NotFound as the containers area words it. */
function inOrderOrNotFound<Row extends { id: string }>(ids: readonly string[], rows: readonly Row[], noun: string): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw new NotFound(`${noun} ${id} not found`);
    return row;
  });
}

const unique = (ids: readonly string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

export function createExportsService(deps: ExportsDeps) {
  async function recordExported(
    ctx: RequestContext,
    body: ExportBody,
    figures: WalkFigures,
    ids: { containers: string[]; datastreams: string[] },
  ) {
    const how = { what: "exported", format: body.archiveFormat === "ZIP" ? "ZIP" : "TAR.GZ", metadata: body.exportMetadata } as const;
    const archive = { folders: figures.folders, files: figures.files };
    await ctx.db.transaction(async (trx) => {
      for (const objectId of ids.containers) {
        await recordActivity(trx, ctx, {
          objectType: "container",
          objectId,
          action: "exported",
          params: { ...how, archive },
        });
      }
      for (const objectId of ids.datastreams) {
        await recordActivity(trx, ctx, { objectType: "datastream", objectId, action: "exported", params: { ...how, archive: null } });
      }
    });
    if (figures.missingFiles > 0) {
      deps.log.warn(
        { tenant: ctx.tenant.code, missingFiles: figures.missingFiles },
        "export: files whose content is missing from the store were left out",
      );
    }
  }

  return {
    async exportArchive(ctx: RequestContext, body: ExportBody): Promise<ExportArchive> {
      signedIn(ctx);
      const ids = { containers: unique(body.containers), datastreams: unique(body.datastreams) };
      const chosen = await ctx.db.transaction(async (trx) => ({
        containers: inOrderOrNotFound(ids.containers, await repo.findContainers(trx, ids.containers, body.exportMetadata), "Container"),
        datastreams: inOrderOrNotFound(
          ids.datastreams,
          await repo.findDatastreams(trx, ids.datastreams, body.exportMetadata),
          "Datastream",
        ),
      }));
      const figures: WalkFigures = { folders: 0, files: 0, missingFiles: 0 };
      const entries = walkExport(
        {
          db: ctx.db,
          blobs: deps.blobs,
          tenantId: ctx.tenant.id,
          propertiesOf: (trx, kind, code) => deps.contentModel.within(trx).listPropertiesOfType(kind, code),
        },
        { ...chosen, withMetadata: body.exportMetadata, compress: isCompressible },
        figures,
      );
      const content = writeArchive(body.archiveFormat, entries, () =>
        recordExported(ctx, body, figures, ids).catch((error: unknown) =>
          deps.log.error({ err: error, tenant: ctx.tenant.code }, "export: recording the activity failed"),
        ),
      );
      return { format: body.archiveFormat, fileName: exportArchiveName(body.archiveFormat, new Date()), content };
    },
  };
}

export type ExportsService = ReturnType<typeof createExportsService>;
