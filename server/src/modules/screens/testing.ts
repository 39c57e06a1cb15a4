// Screen fixtures for tests: screens created through the API, a player registered and paired, its device
// credentials as the Authorization header, all failing loudly.
import type { PlayerRegistration } from "@repox/contracts";
import type { Caller } from "../../test/test-app.ts";

export const SCREENS = "/api/str/screens";
export const PLAYER = "/api/str/player";

export const deviceAuth = (device: Pick<PlayerRegistration, "deviceId" | "deviceSecret">) => ({
  authorization: `Device ${device.deviceId}.${device.deviceSecret}`,
});

export async function newScreen(caller: Caller, name = "Lobby", description = "By the main door"): Promise<string> {
  const answer = await caller.request("POST", SCREENS, { name, description });
  if (answer.statusCode !== 201) throw new Error(`POST ${SCREENS} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json().id;
}

export async function registerPlayer(anonymous: Caller): Promise<PlayerRegistration> {
  const answer = await anonymous.request("POST", `${PLAYER}/register`);
  if (answer.statusCode !== 201) throw new Error(`register answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

/** A new screen paired with a newly registered player. */
export async function pairedScreen(admin: Caller, anonymous: Caller): Promise<{ screenId: string; device: PlayerRegistration }> {
  const screenId = await newScreen(admin);
  const device = await registerPlayer(anonymous);
  const answer = await admin.request("POST", `${SCREENS}/${screenId}/pair`, { activationCode: device.activationCode });
  if (answer.statusCode !== 200) throw new Error(`pair answered ${answer.statusCode}: ${answer.body}`);
  return { screenId, device };
}
