// Uploads that report progress: fetch cannot tell how many bytes went out, XMLHttpRequest can. Same base URL, bearer
// token, tenant header and failure messages as the fetch call layer.
import { buildUrl, type Query } from "./client.ts";
import { ApiError, failureMessage, NO_RESPONSE_MESSAGE } from "./errors.ts";
import { notifySessionExpired, readAuthUser } from "./session.ts";
import { currentTenant } from "./tenant.ts";

export type UploadOptions = { query?: Query; signal?: AbortSignal; onProgress?: (sent: number, total: number) => void };

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** POSTs `form` to `path`; resolves with the parsed answer, rejects with ApiError (or an AbortError when cancelled). */
export function postFormWithProgress<T>(path: string, form: FormData, { query, signal, onProgress }: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const user = readAuthUser();
    xhr.open("POST", buildUrl(path, query));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader("X-TenantID", currentTenant());
    if (user) xhr.setRequestHeader("Authorization", `Bearer ${user.jwtToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 401 && user) notifySessionExpired();
      reject(new ApiError(failureMessage(xhr.status, body), xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(NO_RESPONSE_MESSAGE, null));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The headers every call carries, for clients that make their own requests (resumable uploads). */
export function authHeaders(): Record<string, string> {
  const user = readAuthUser();
  const headers: Record<string, string> = { "X-TenantID": currentTenant() };
  if (user) headers.Authorization = `Bearer ${user.jwtToken}`;
  return headers;
}
