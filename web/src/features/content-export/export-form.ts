// The export dialog's choices (spec 1 §5: the archive format and the metadata choice are both required, neither is
// preset) and the POST /export body they make, plus the progress line of a download.
import type { ArchiveFormat, ContentNode, ExportBody } from "@repox/contracts";

export type ExportChoices = { archiveFormat: ArchiveFormat | null; exportMetadata: boolean | null };

export const NO_CHOICES: ExportChoices = { archiveFormat: null, exportMetadata: null };

export type ExportProblems = { archiveFormat: boolean; exportMetadata: boolean };

export function findExportProblems(choices: ExportChoices): ExportProblems {
  return { archiveFormat: choices.archiveFormat === null, exportMetadata: choices.exportMetadata === null };
}

/** The body to send, or null while a required choice is missing. */
export function exportBody(
  choices: ExportChoices,
  containers: readonly ContentNode[],
  datastreams: readonly ContentNode[],
): ExportBody | null {
  const { archiveFormat, exportMetadata } = choices;
  if (archiveFormat === null || exportMetadata === null) return null;
  return {
    archiveFormat,
    exportMetadata,
    containers: containers.map((node) => node.uuid),
    datastreams: datastreams.map((node) => node.uuid),
  };
}

/** The radio value of the metadata choice ("yes"/"no"), and back. */
export const metadataValue = (exportMetadata: boolean | null) => (exportMetadata === null ? null : exportMetadata ? "yes" : "no");
export const metadataFrom = (value: string) => value === "yes";

export type DownloadState = { received: number; total: number | null };

/** Percent of a download of known size; null while the size is unknown (the archive is streamed as it is made). */
export function downloadPercent({ received, total }: DownloadState): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.floor((received / total) * 100));
}
