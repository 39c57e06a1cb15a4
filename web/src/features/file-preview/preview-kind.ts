// Which viewer shows a file (spec 1 §2 preview kinds), from its media type and, when that is generic, its name.
export type PreviewKind = "image" | "pdf" | "video" | "text" | "office" | "other";

/** How much of a text document the preview reads. */
export const TEXT_PREVIEW_BYTES = 200 * 1024;

const TEXT_TYPES = new Set([
  "application/json",
  "application/xml",
  "application/javascript",
  "application/x-yaml",
  "application/yaml",
  "application/x-sh",
  "application/sql",
]);

const OFFICE_TYPES = new Set(["application/msword", "application/vnd.ms-excel", "application/vnd.ms-powerpoint", "application/rtf"]);

const OFFICE_EXTENSIONS = new Set(["doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "rtf"]);
const TEXT_EXTENSIONS = new Set(["txt", "csv", "md", "json", "xml", "log", "yaml", "yml", "tsv"]);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

export function previewKind(mimeType: string, fileName = ""): PreviewKind {
  const mime = mimeType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mime.startsWith("image/")) return "image";
  if (mime === "application/pdf") return "pdf";
  if (mime.startsWith("video/")) return "video";
  if (mime.startsWith("text/") || TEXT_TYPES.has(mime) || mime.endsWith("+json") || mime.endsWith("+xml")) return "text";
  if (
    OFFICE_TYPES.has(mime) ||
    mime.startsWith("application/vnd.openxmlformats-officedocument.") ||
    mime.startsWith("application/vnd.oasis.opendocument.")
  ) {
    return "office";
  }
  const extension = extensionOf(fileName);
  if (OFFICE_EXTENSIONS.has(extension)) return "office";
  if (TEXT_EXTENSIONS.has(extension)) return "text";
  if (extension === "pdf") return "pdf";
  return "other";
}
