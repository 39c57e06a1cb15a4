// What the Upload step accepts before anything is sent (spec 1 §5): one spreadsheet of an accepted kind, within the
// size limit the server enforces too.
import { IMPORT_FILE_EXTENSIONS, IMPORT_LIMITS, XLSX_MEDIA_TYPE } from "@repox/contracts";

export type FileProblem = "wrongKind" | "tooLarge" | "empty";

/** For the file chooser and the drop zone: the media types and extensions of the accepted kinds. */
export const IMPORT_ACCEPT = { [XLSX_MEDIA_TYPE]: [".xlsx"], "text/csv": [".csv"] };

export function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return IMPORT_FILE_EXTENSIONS.some((extension) => lower.endsWith(extension));
}

/** Why the file cannot be imported, or null when it may be sent. The extension decides: CSV media types vary by system. */
export function importFileProblem(file: { name: string; size: number }): FileProblem | null {
  if (!hasAcceptedExtension(file.name)) return "wrongKind";
  if (file.size > IMPORT_LIMITS.fileMaxBytes) return "tooLarge";
  if (file.size === 0) return "empty";
  return null;
}
