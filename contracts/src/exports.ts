// Content export (spec 1 §7 POST /export, §9 archive formats): the chosen containers (with everything below them)
// and datastreams as one streamed ZIP or TAR_GZIP download. What the archive holds: docs/content-import-export.md.
import { z } from "zod";
import { Uuid } from "./common.ts";

export const ARCHIVE_FORMATS = ["ZIP", "TAR_GZIP"] as const;
export const ArchiveFormat = z.enum(ARCHIVE_FORMATS, { error: `must be one of ${ARCHIVE_FORMATS.join(", ")}` });
export type ArchiveFormat = z.infer<typeof ArchiveFormat>;

export const EXPORT_LIMITS = {
  /** Containers and datastreams chosen in one export (everything below a chosen container comes along). */
  maxChosenItems: 1000,
} as const;

const chosen = (what: string) =>
  z
    .array(Uuid, { error: `must be a list of ${what} uuids` })
    .max(EXPORT_LIMITS.maxChosenItems, { error: `must hold at most ${EXPORT_LIMITS.maxChosenItems} ${what}s` })
    .default([]);

/**
 * POST /api/export. `mode` (sent by the shared export action of the original client) is accepted and ignored.
 * Spec 1 §5: the archive format and the metadata choice are both required.
 */
export const ExportBody = z
  .object({
    archiveFormat: ArchiveFormat,
    containers: chosen("container"),
    datastreams: chosen("datastream"),
    exportMetadata: z.boolean({ error: "must be true or false" }),
    mode: z.string().max(100).optional(),
  })
  .refine((body) => body.containers.length + body.datastreams.length > 0, {
    error: "Choose at least one container or file to export",
    path: ["containers"],
  });
export type ExportBody = z.infer<typeof ExportBody>;
export type ExportBodyInput = z.input<typeof ExportBody>;

export const ARCHIVE_MEDIA_TYPES: Record<ArchiveFormat, string> = { ZIP: "application/zip", TAR_GZIP: "application/gzip" };

/** export-2025-06-01.zip / .tar.gz: the download's name (Content-Disposition), dated in UTC. */
export function exportArchiveName(format: ArchiveFormat, at: Date): string {
  return `export-${at.toISOString().slice(0, 10)}.${format === "ZIP" ? "zip" : "tar.gz"}`;
}

/** Beside a container's folder and a file in the archive when metadata is exported; a container written elsewhere. */
export const EXPORT_NAME_SUFFIXES = { container: ".container.json", datastream: ".metadata.json", link: ".link.txt" } as const;
