// The call layer of a paired screen's player (GET/POST /api/str/player/…): the tenant header, and after registering
// the device's own credentials. Not client.ts: the player has no session, and a refusal must not sign anyone out.
import { DEVICE_AUTH_SCHEME, type PlayerRegistration } from "@repox/contracts";
import { failureMessage } from "./errors.ts";
import { currentTenant } from "./tenant.ts";

const BASE_URL = "/api/str/player";

export type DeviceCredentials = Pick<PlayerRegistration, "deviceId" | "deviceSecret">;

/** A refusal (with its status) or no answer at all (status null: the network or the server is down). */
export class DeviceCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export type DeviceCallOptions = { device?: DeviceCredentials; body?: Blob; signal?: AbortSignal };

/** Sends one call of the player and answers its JSON body; failures throw DeviceCallError. */
export async function deviceCall<T>(method: "GET" | "POST", path: string, init: DeviceCallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json", "X-TenantID": currentTenant() };
  if (init.device) headers.Authorization = `${DEVICE_AUTH_SCHEME} ${init.device.deviceId}.${init.device.deviceSecret}`;
  if (init.body) headers["Content-Type"] = init.body.type;
  let response: Response;
  try {
    response = await fetch(`${BASE_URL}${path}`, { method, headers, body: init.body, signal: init.signal, cache: "no-store" });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new DeviceCallError("No answer from the server", null);
  }
  const text = await response.text();
  const body = text ? (JSON.parse(text) as unknown) : null;
  if (!response.ok) throw new DeviceCallError(failureMessage(response.status, body), response.status);
  return body as T;
}
