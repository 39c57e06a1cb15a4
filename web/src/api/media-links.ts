// Reads of files through the addresses the server hands out for them (signed media links, which carry their own
// authorisation, or the files beside an offline viewer): no bearer token or tenant header, unlike client.ts.
import { ApiError, failureMessage, NO_RESPONSE_MESSAGE } from "./errors.ts";

async function read(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(NO_RESPONSE_MESSAGE, null);
  }
  if (response.ok) return response;
  const body: unknown = await response.json().catch(() => null);
  throw new ApiError(failureMessage(response.status, body), response.status);
}

/** The file `url` names, whole. */
export async function readLinkedFile(url: string, signal?: AbortSignal): Promise<Blob> {
  return (await read(url, { signal, credentials: "same-origin" })).blob();
}

/** The first `byteCount` bytes of the file `url` names, asked for with a Range request (and cut here if the server sends more). */
export async function readLinkedFileHead(url: string, byteCount: number, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await read(url, { headers: { Range: `bytes=0-${byteCount - 1}` }, signal });
  return new Uint8Array(await response.arrayBuffer()).slice(0, byteCount);
}
