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

/** Bytes received so far and the whole size, null when the server streams without a Content-Length. */
export type DownloadProgress = (received: number, total: number | null) => void;

/** The answer's body as a blob, reporting each chunk as it arrives. */
export async function readBlobWithProgress(response: Response, onProgress: DownloadProgress): Promise<Blob> {
  const length = Number(response.headers.get("Content-Length"));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = response.headers.get("Content-Type") ?? "";
  if (!response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    chunks.push(read.value);
    received += read.value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}

/**
 * Calls `path` and saves its answer as a file named as the server says (else `fallbackName`); `onProgress` follows
 * the bytes as they arrive. Failures throw ApiError like every other call.
 */
export async function downloadFile(
  method: Method,
  path: string,
  fallbackName: string,
  { onProgress, ...options }: Options & { onProgress?: DownloadProgress } = {},
): Promise<string> {
  const response = await send(method, path, options);
  const fileName = fileNameFromDisposition(response.headers.get("Content-Disposition")) ?? fallbackName;
  saveBlob(await (onProgress ? readBlobWithProgress(response, onProgress) : response.blob()), fileName);
  return fileName;
}
