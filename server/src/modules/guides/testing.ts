// Guide fixtures for tests: pictures of the logo's and cover's shapes made on the spot, uploaded as story assets, and
// guides created through the API that fail loudly.
import type { Asset, Guide, GuideBodyInput } from "@repox/contracts";
import { png } from "../../platform/media/test-media.ts";
import type { Caller } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";

export const GUIDES = "/api/guides";
export const PUBLIC_GUIDES = "/api/pub/guides";

let count = 0;

/** Uploads a PNG of width × height as a story asset. */
export async function imageAsset(caller: Caller, width: number, height: number): Promise<Asset> {
  count++;
  return uploadAsset(caller, { name: `picture-${count}.png`, content: await png(width, height), type: "image/png" });
}

/** The assets a complete guide needs: a logo, a cover and two onboarding pictures. */
export async function guideAssets(caller: Caller) {
  const [logo, cover, first, second] = await Promise.all([
    imageAsset(caller, 1148, 249),
    imageAsset(caller, 1920, 1200),
    imageAsset(caller, 30, 60),
    imageAsset(caller, 40, 80),
  ]);
  return { logo, cover, onboarding: [first, second] };
}

/** Every §5 field of a guide: a title, two languages with their welcome texts, logo, cover and onboarding. */
export function completeBody(assets: Awaited<ReturnType<typeof guideAssets>>, overrides: Partial<GuideBodyInput> = {}): GuideBodyInput {
  return {
    title: "Naxos walks",
    description: "Paths across the island",
    languages: ["GR", "US"],
    logo: assets.logo.uuid,
    cover: assets.cover.uuid,
    welcomeTexts: { GR: "Καλώς ήρθατε", US: "Welcome" },
    onboarding: assets.onboarding.map((asset) => asset.uuid),
    ...overrides,
  };
}

export async function newGuide(caller: Caller, body: GuideBodyInput): Promise<Guide> {
  const answer = await caller.request("POST", GUIDES, body);
  if (answer.statusCode !== 201) throw new Error(`POST ${GUIDES} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}
