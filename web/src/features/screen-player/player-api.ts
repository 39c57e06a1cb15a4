// The player's calls (GET/POST /api/str/player/…), sent through the device call layer (api/device-client.ts).
import type { PlayerRegistration, PlayerState, StoryView } from "@repox/contracts";
import { type DeviceCredentials, deviceCall } from "../../api/device-client.ts";

export const playerApi = {
  register: (signal?: AbortSignal) => deviceCall<PlayerRegistration>("POST", "/register", { signal }),
  state: (device: DeviceCredentials, wait: { seconds: number; since?: string }, signal?: AbortSignal) => {
    const query = new URLSearchParams(wait.since ? { wait: String(wait.seconds), since: wait.since } : {});
    return deviceCall<PlayerState>("GET", `/state${query.size ? `?${query}` : ""}`, { device, signal });
  },
  story: (device: DeviceCredentials, signal?: AbortSignal) => deviceCall<StoryView>("GET", "/story", { device, signal }),
  screenshot: (device: DeviceCredentials, image: Blob) =>
    deviceCall<{ screenshotAt: string }>("POST", "/screenshot", { device, body: image }),
  done: (device: DeviceCredentials, commandId: string) => deviceCall<null>("POST", `/commands/${commandId}/done`, { device }),
};
