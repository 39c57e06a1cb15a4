// The player's calls (GET/POST /api/str/player/…): the tenant header, and after registering the device's own
// credentials. Not the app's call layer: the player has no session, and a refusal must not sign anyone out.
import { DEVICE_AUTH_SCHEME, type PlayerRegistration, type PlayerState, type StoryView } from "@repox/contracts";
import { failureMessage } from "../../api/errors.ts";
import { currentTenant } from "../../api/tenant.ts";

const BASE = "/api/str/player";

export type DeviceCredentials = Pick<PlayerRegistration, "deviceId" | "deviceSecret">;

/** A refusal (with its status) or no answer at all (status null: the network or the server is down). */
export class PlayerCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

async function call<T>(method: "GET" | "POST", path: string, init: { device?: DeviceCredentials; body?: Blob; signal?: AbortSignal } = {}) {
  const headers: Record<string, string> = { Accept: "application/json", "X-TenantID": currentTenant() };
  if (init.device) headers.Authorization = `${DEVICE_AUTH_SCHEME} ${init.device.deviceId}.${init.device.deviceSecret}`;
  if (init.body) headers["Content-Type"] = init.body.type;
  let response: Response;
  try {
    response = await fetch(`${BASE}${path}`, { method, headers, body: init.body, signal: init.signal, cache: "no-store" });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new PlayerCallError("No answer from the server", null);
  }
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new PlayerCallError(failureMessage(response.status, body), response.status);
  return body as T;
}

export const playerApi = {
  register: (signal?: AbortSignal) => call<PlayerRegistration>("POST", "/register", { signal }),
  state: (device: DeviceCredentials, wait: { seconds: number; since?: string }, signal?: AbortSignal) => {
    const query = new URLSearchParams(wait.since ? { wait: String(wait.seconds), since: wait.since } : {});
    return call<PlayerState>("GET", `/state${query.size ? `?${query}` : ""}`, { device, signal });
  },
  story: (device: DeviceCredentials, signal?: AbortSignal) => call<StoryView>("GET", "/story", { device, signal }),
  screenshot: (device: DeviceCredentials, image: Blob) => call<{ screenshotAt: string }>("POST", "/screenshot", { device, body: image }),
  done: (device: DeviceCredentials, commandId: string) => call<null>("POST", `/commands/${commandId}/done`, { device }),
};
