// The one call layer: base URL, bearer token and X-TenantID on every call, failures as ApiError.
import { ApiError, failureMessage, NO_RESPONSE_MESSAGE } from "./errors.ts";
import { notifySessionExpired, readAuthUser } from "./session.ts";
import { currentTenant } from "./tenant.ts";

const BASE_URL = "/api";

export type Query = Record<string, string | number | boolean | undefined>;
/** `headers` adds to the standard ones (an Idempotency-Key, say). */
export type Options = { query?: Query; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };
export type Method = "GET" | "POST" | "PUT" | "DELETE";

export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return `${BASE_URL}${path}${search ? `?${search}` : ""}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Sends one call and answers the response when it succeeded; failures throw ApiError with the text to show. */
export async function send(method: Method, path: string, { query, body, signal, headers: extra }: Options = {}): Promise<Response> {
  const user = readAuthUser();
  const headers: Record<string, string> = { Accept: "application/json", "X-TenantID": currentTenant(), ...extra };
  if (user) headers.Authorization = `Bearer ${user.jwtToken}`;
  // A FormData body (a file upload) sets its own multipart Content-Type with the boundary.
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined || isForm ? body : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NO_RESPONSE_MESSAGE, null);
  }

  if (response.ok) return response;
  // A 401 on a call that carried a token means the session ended; anonymous 401s (a wrong password) do not, nor do
  // calls sent with a token a password change has since replaced.
  if (response.status === 401 && user && readAuthUser()?.jwtToken === user.jwtToken) notifySessionExpired();
  throw new ApiError(failureMessage(response.status, await readBody(response)), response.status);
}

async function request<T>(method: Method, path: string, options?: Options): Promise<T> {
  return (await readBody(await send(method, path, options))) as T;
}

export const api = {
  get: <T>(path: string, options?: Options) => request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: Options) => request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Options) => request<T>("PUT", path, { ...options, body }),
  delete: <T = null>(path: string, options?: Options) => request<T>("DELETE", path, options),
};
