// The public embed of a website (spec 3 §7 Websites, public): the assigned story with its media links, and media only
// of that story; no sign-in, the tenant header (or the links' tenant parameter); never another tenant's; limited per
// address. The embed page may be framed by any site, other pages by none.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newElement } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../platform/media/test-media.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { STORIES, storyBody, storyDetails } from "../stories/testing.ts";
import { newWebsite, PUBLIC_WEBSITES, WEBSITES } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
const webDist = mkdtempSync(join(tmpdir(), "repox-web-"));
let photo: string;
let photoBytes: Buffer;
let asset: string;
let assetBytes: Buffer;
let unshown: string;
let unshownAsset: string;
let storyId: string;
let websiteId: string;
let emptyWebsite: string;
let foreignWebsite: string;
let foreignPhoto: string;

/** A story showing the datastream `store` as an image element and the asset `stories` as the second slide's background. */
function showing(store: string, stories?: string) {
  const details = storyDetails(2);
  const [first, second] = details.screen.slides;
  if (!first || !second) throw new Error("two slides expected");
  const image = newElement("IMAGE", "photo", { x: 40, y: 40 });
  if (image.type === "IMAGE") image.data = { uuid: store, from: "store", lockAspectRatio: true, dimensionsAreSet: true };
  first.elements = [image];
  if (stories) second.background = { color: "#000", position: "center center", size: "cover", uuid: stories, from: "stories" };
  return details;
}

async function storyShowing(caller: Caller, store: string, stories?: string): Promise<string> {
  const answer = await caller.request("POST", STORIES, storyBody({ title: "Harbour walk", storyDetails: showing(store, stories) }));
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return answer.json().uuid;
}

beforeAll(async () => {
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Repox</title>");
  t = await createTestApp({ WEB_DIST: webDist });
  tenant = await t.newTenant();
  other = await t.newTenant();
  for (const owner of [tenant, other]) await setUpFileModel(owner.admin);
  const box = await newBox(tenant.admin);
  photoBytes = await png(320, 200);
  photo = (await uploadOne(tenant.admin, box, { name: "harbour.png", content: photoBytes, type: "image/png" })).uuid;
  unshown = (await uploadOne(tenant.admin, box, { name: "private.png", content: await png(120, 120), type: "image/png" })).uuid;
  assetBytes = await png(140, 90);
  asset = (await uploadAsset(tenant.admin, { name: "sky.png", content: assetBytes })).uuid;
  unshownAsset = (await uploadAsset(tenant.admin, { name: "other.png", content: await png(90, 90) })).uuid;
  storyId = await storyShowing(tenant.admin, photo, asset);
  websiteId = await newWebsite(tenant.admin, { storyId });
  emptyWebsite = await newWebsite(tenant.admin);
  const theirBox = await newBox(other.admin);
  foreignPhoto = (await uploadOne(other.admin, theirBox, { name: "theirs.png", content: await png(50, 50), type: "image/png" })).uuid;
  foreignWebsite = await newWebsite(other.admin, { storyId: await storyShowing(other.admin, foreignPhoto) });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const noHeaders = () => t.caller({});
const storyOf = (caller: Caller, id = websiteId) => caller.request("GET", `${PUBLIC_WEBSITES}/${id}/story`);

describe("GET /api/str/pub/websites/{id}/story", () => {
  it("answers the assigned story to anyone with the tenant header, each picture linked to the website's media", async () => {
    const answer = await storyOf(tenant.anonymous);
    expect(answer.statusCode, answer.body).toBe(200);
    const story = answer.json();
    expect(Object.keys(story).sort()).toEqual(["aspectRatio", "height", "id", "orientation", "pictures", "storyDetails", "title", "width"]);
    expect(story).toMatchObject({ id: storyId, title: "Harbour walk", width: 2560, height: 1440 });
    expect(story.pictures).toEqual(
      expect.arrayContaining([
        { uuid: photo, from: "store", url: `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${photo}?tenant=${tenant.code}` },
        { uuid: asset, from: "stories", url: `${PUBLIC_WEBSITES}/${websiteId}/assets/${asset}?tenant=${tenant.code}` },
      ]),
    );
    expect(story.pictures).toHaveLength(2);
  });

  it("answers 404 with a message when no story is assigned or the website is unknown", async () => {
    const none = await storyOf(tenant.anonymous, emptyWebsite);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No story is assigned to this website");
    const unknown = crypto.randomUUID();
    const missing = await storyOf(tenant.anonymous, unknown);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Website ${unknown} not found`);
    expect((await tenant.anonymous.request("GET", `${PUBLIC_WEBSITES}/nope/story`)).statusCode).toBe(400);
  });

  it("needs the tenant header and follows the website when its story is removed", async () => {
    const missingTenant = await storyOf(noHeaders());
    expect(missingTenant.statusCode).toBe(400);
    expect(missingTenant.json().message).toBe("The X-TenantID header is required");
    const id = await newWebsite(tenant.admin, { storyId });
    expect((await storyOf(tenant.anonymous, id)).statusCode).toBe(200);
    await tenant.admin.request("POST", `${WEBSITES}/${id}/unlink`, {});
    expect((await storyOf(tenant.anonymous, id)).statusCode).toBe(404);
  });
});

describe("GET /api/str/pub/websites/{id}/datastreams|assets/{uuid}", () => {
  it("serves the story's media through its links, with no token or header", async () => {
    const pictures: { from: string; url: string }[] = (await storyOf(tenant.anonymous)).json().pictures;
    for (const picture of pictures) {
      const answer = await noHeaders().request("GET", picture.url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.rawPayload.equals(picture.from === "store" ? photoBytes : assetBytes)).toBe(true);
    }
    // With the header instead of the parameter too.
    const viaHeader = await tenant.anonymous.request("GET", `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${photo}`);
    expect(viaHeader.statusCode).toBe(200);
  });

  it("never serves a uuid the assigned story does not show", async () => {
    const asked = [
      `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${unshown}`,
      `${PUBLIC_WEBSITES}/${websiteId}/assets/${unshownAsset}`,
      // The right uuid through the other source's route.
      `${PUBLIC_WEBSITES}/${websiteId}/assets/${photo}`,
      `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${asset}`,
      `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${crypto.randomUUID()}`,
      // A website without a story opens nothing.
      `${PUBLIC_WEBSITES}/${emptyWebsite}/datastreams/${photo}`,
    ];
    for (const url of asked) {
      const answer = await tenant.anonymous.request("GET", url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain("PNG");
    }
    // Once the story is removed, its media close too.
    const id = await newWebsite(tenant.admin, { storyId });
    const url = `${PUBLIC_WEBSITES}/${id}/datastreams/${photo}?tenant=${tenant.code}`;
    expect((await noHeaders().request("GET", url)).statusCode).toBe(200);
    await tenant.admin.request("POST", `${WEBSITES}/${id}/unlink`, {});
    expect((await noHeaders().request("GET", url)).statusCode).toBe(404);
  });

  it("refuses a request naming no tenant, and bad ids with 400", async () => {
    const bare = await noHeaders().request("GET", `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${photo}`);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toMatch(/tenant/);
    const twice = await noHeaders().request(
      "GET",
      `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${photo}?tenant=${tenant.code}&tenant=${other.code}`,
    );
    expect(twice.statusCode).toBe(400);
    expect((await tenant.anonymous.request("GET", `${PUBLIC_WEBSITES}/${websiteId}/datastreams/x`)).statusCode).toBe(400);
  });

  it("never serves across tenants", async () => {
    // The other tenant's website and media, asked at this tenant.
    expect((await storyOf(tenant.anonymous, foreignWebsite)).statusCode).toBe(404);
    expect((await tenant.anonymous.request("GET", `${PUBLIC_WEBSITES}/${foreignWebsite}/datastreams/${foreignPhoto}`)).statusCode).toBe(
      404,
    );
    // This tenant's website naming the other tenant's picture, and this tenant's picture asked at the other tenant.
    expect((await tenant.anonymous.request("GET", `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${foreignPhoto}`)).statusCode).toBe(404);
    const moved = `${PUBLIC_WEBSITES}/${websiteId}/datastreams/${photo}?tenant=${other.code}`;
    expect((await noHeaders().request("GET", moved)).statusCode).toBe(404);
    // Their own link answers their own picture.
    const theirs = (await storyOf(other.anonymous, foreignWebsite)).json().pictures[0].url;
    expect((await noHeaders().request("GET", theirs)).statusCode).toBe(200);
  });
});

describe("limits", () => {
  it("answers 429 with a message past the per-address limit", async () => {
    const limited = await createTestApp({ EMBED_RATE_LIMIT_PER_MINUTE: "2" });
    try {
      const owner = await limited.newTenant();
      const url = `${PUBLIC_WEBSITES}/${crypto.randomUUID()}/story`;
      const answers = [];
      for (let n = 0; n < 3; n++) answers.push(await owner.anonymous.request("GET", url));
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 429]);
      expect(answers[2]?.json().message).toMatch(/Too many requests from your address/);
    } finally {
      await limited.close();
    }
  });
});

describe("framing", () => {
  it("lets any site frame the embed page and the public survey page, and no other page", async () => {
    const embed = await noHeaders().request("GET", `/${tenant.code}/story-embed/${websiteId}`);
    expect(embed.statusCode).toBe(200);
    expect(embed.headers["content-security-policy"]).toMatch(/frame-ancestors \*/);
    expect(embed.headers["x-frame-options"]).toBeUndefined();
    // A story's YouTube and Vimeo elements play in frames of their own.
    expect(embed.headers["content-security-policy"]).toContain(
      "frame-src 'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    );
    const survey = await noHeaders().request("GET", `/${tenant.code}/survey/${crypto.randomUUID()}`);
    expect(survey.headers["content-security-policy"]).toMatch(/frame-ancestors \*/);
    for (const page of ["websites", `websites/edit/${websiteId}`, "screen-app", "containers", `story-embedded/${websiteId}`]) {
      const answer = await noHeaders().request("GET", `/${tenant.code}/${page}`);
      expect(answer.headers["content-security-policy"], page).toMatch(/frame-ancestors 'self'/);
      expect(answer.headers["x-frame-options"], page).toBe("SAMEORIGIN");
    }
  });
});
