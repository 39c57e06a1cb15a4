// Calls whose answer is a file (exports): fetched through the one call layer, then saved under the server's file name.
import { type Method, type Options, send } from "./client.ts";

/** The file name of a Content-Disposition header (RFC 6266), preferring the UTF-8 `filename*` form. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain filename parameter.
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(header)?.[1];
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, "$1") || null;
  return /filename\s*=\s*([^;]+)/.exec(header)?.[1]?.trim() || null;
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob asynchronously after the click; revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Calls `path` and saves its answer as a file named as the server says (else `fallbackName`).
 * Failures throw ApiError like every other call.
 */
export async function downloadFile(method: Method, path: string, fallbackName: string, options?: Options): Promise<string> {
  const response = await send(method, path, options);
  const fileName = fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? fallbackName;
  saveBlob(await response.blob(), fileName);
  return fileName;
}
