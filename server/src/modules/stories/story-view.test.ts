// The story viewer's calls: the story to play with a signed link per picture, and those pictures' bytes, served only
// for a story that shows them, to a holder of repox.stories.show, in the story's own tenant.
import { newElement, PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../platform/media/test-media.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { STORIES, storyBody, storyDetails } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let picture: string;
let pictureBytes: Buffer;
let unshown: string;
let foreign: string;
let storyId: string;
let foreignStoryId: string;
let viewer: Caller;

/** Two slides: the first has `uuid` as its background, the second shows it as an image element and as its background. */
function showing(uuid: string, from: "store" | "stories" = "store") {
  const details = storyDetails(2);
  const [first, second] = details.screen.slides;
  if (!first || !second) throw new Error("two slides expected");
  const image = newElement("IMAGE", "photo", { x: 40, y: 40 });
  if (image.type === "IMAGE") image.data = { uuid, from, lockAspectRatio: true, dimensionsAreSet: true };
  second.elements = [image];
  const background = { color: "#000", position: "center center", size: "cover", uuid, from } as const;
  first.background = background;
  second.background = background;
  return details;
}

async function created(caller: Caller, details: ReturnType<typeof storyDetails>): Promise<string> {
  const answer = await caller.request("POST", STORIES, storyBody({ storyDetails: details }));
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return answer.json().uuid;
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  for (const owner of [tenant, other]) await setUpFileModel(owner.admin);
  pictureBytes = await png(320, 200);
  const box = await newBox(tenant.admin);
  picture = (await uploadOne(tenant.admin, box, { name: "harbour.png", content: pictureBytes, type: "image/png" })).uuid;
  unshown = (await uploadOne(tenant.admin, box, { name: "private.png", content: await png(120, 120), type: "image/png" })).uuid;
  foreign = (await uploadOne(other.admin, await newBox(other.admin), { name: "theirs.png", content: await png(50, 50), type: "image/png" }))
    .uuid;
  storyId = await created(tenant.admin, showing(picture));
  foreignStoryId = await created(other.admin, showing(foreign));
  viewer = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
});
afterAll(() => t.close());

const view = (caller: Caller, id = storyId) => caller.request("GET", `${STORIES}/${id}/view`);

describe("GET /api/stories/{id}/view", () => {
  it("answers what playing needs, with one signed link for each picture the story shows", async () => {
    const answer = await view(viewer);
    expect(answer.statusCode, answer.body).toBe(200);
    const story = answer.json();
    expect(Object.keys(story).sort()).toEqual(["aspectRatio", "height", "id", "orientation", "pictures", "storyDetails", "title", "width"]);
    expect(story).toMatchObject({
      id: storyId,
      title: "Island trip",
      aspectRatio: "16:9",
      orientation: "LANDSCAPE",
      width: 2560,
      height: 1440,
    });
    expect(story.storyDetails.screen.slides).toHaveLength(2);
    expect(story.pictures).toHaveLength(1);
    const [link] = story.pictures;
    expect(link).toMatchObject({ uuid: picture, from: "store" });
    expect(link.url).toMatch(new RegExp(`^/api/stories/${storyId}/pictures/store/${picture}\\?tenant=${tenant.code}&.*sig=`));
  });

  it("answers a story without pictures with none", async () => {
    const id = await created(tenant.admin, storyDetails(1));
    const answer = await view(viewer, id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().pictures).toEqual([]);
  });

  it("needs repox.stories.show and a sign-in", async () => {
    const outsider = await tenant.newUser({ permissions: [PERMISSIONS.surveysShow] });
    const refused = await view(outsider);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(PERMISSIONS.storiesShow);
    expect((await view(tenant.anonymous)).statusCode).toBe(401);
  });

  it("answers 400 for an id that is no uuid and 404 for an unknown story", async () => {
    const bad = await viewer.request("GET", `${STORIES}/not-a-uuid/view`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
    const unknown = await view(viewer, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
  });

  it("never answers another tenant's story", async () => {
    expect((await view(tenant.admin, foreignStoryId)).statusCode).toBe(404);
    expect((await view(other.admin, storyId)).statusCode).toBe(404);
    // Tenant A's token at tenant B is refused outright.
    const crossed = await t
      .caller({ "x-tenantid": other.code, authorization: `Bearer ${tenant.admin.token}` })
      .request("GET", `${STORIES}/${foreignStoryId}/view`);
    expect(crossed.statusCode).toBe(401);
  });
});

describe("GET /api/stories/{id}/pictures/{from}/{uuid}", () => {
  async function linkOf(caller: Caller = viewer): Promise<string> {
    return (await view(caller)).json().pictures[0].url;
  }
  const noHeaders = () => t.caller({});

  it("answers the picture's bytes through the signed link, with no token or tenant header", async () => {
    const answer = await noHeaders().request("GET", await linkOf());
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toBe("image/png");
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.rawPayload.equals(pictureBytes)).toBe(true);
    const again = await noHeaders().request("GET", await linkOf(), undefined, { "if-none-match": String(answer.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("serves an uploaded story image (from: 'stories') through its signed link too", async () => {
    const bytes = await png(140, 90);
    const asset = (await uploadAsset(tenant.admin, { name: "uploaded.png", content: bytes })).uuid;
    const id = await created(tenant.admin, showing(asset, "stories"));
    const pictures = (await view(viewer, id)).json().pictures;
    expect(pictures).toEqual([expect.objectContaining({ uuid: asset, from: "stories" })]);
    const answer = await noHeaders().request("GET", pictures[0].url);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
  });

  it("answers the same bytes to a signed-in holder of repox.stories.show without a link", async () => {
    const answer = await viewer.request("GET", `${STORIES}/${storyId}/pictures/store/${picture.toUpperCase()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.rawPayload.equals(pictureBytes)).toBe(true);
  });

  it("serves only pictures the story shows, whatever else the caller may read", async () => {
    const notShown = await tenant.admin.request("GET", `${STORIES}/${storyId}/pictures/store/${unshown}`);
    expect(notShown.statusCode).toBe(404);
    expect(notShown.json().message).toBe(`Story ${storyId} shows no picture ${unshown}`);
    const wrongSource = await tenant.admin.request("GET", `${STORIES}/${storyId}/pictures/stories/${picture}`);
    expect(wrongSource.statusCode).toBe(404);
    // A link signed for the story's picture does not open another one.
    const forged = (await linkOf()).replace(picture, unshown);
    expect((await noHeaders().request("GET", forged)).statusCode).toBe(403);
  });

  it("needs repox.stories.show", async () => {
    const outsider = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const refused = await outsider.request("GET", `${STORIES}/${storyId}/pictures/store/${picture}`);
    expect(refused.statusCode).toBe(403);
    expect((await tenant.anonymous.request("GET", `${STORIES}/${storyId}/pictures/store/${picture}`)).statusCode).toBe(401);
  });

  it("refuses a bad source or uuid with 400", async () => {
    const badSource = await viewer.request("GET", `${STORIES}/${storyId}/pictures/web/${picture}`);
    expect(badSource.statusCode).toBe(400);
    expect(badSource.json().message).toMatch(/from must be one of stories, store/);
    expect((await viewer.request("GET", `${STORIES}/${storyId}/pictures/store/x`)).statusCode).toBe(400);
  });

  it("never serves across tenants: not another tenant's picture, not through another tenant's link", async () => {
    // Another tenant's story and picture, asked at this tenant.
    expect((await tenant.admin.request("GET", `${STORIES}/${foreignStoryId}/pictures/store/${foreign}`)).statusCode).toBe(404);
    // This tenant's story naming the other tenant's picture.
    expect((await tenant.admin.request("GET", `${STORIES}/${storyId}/pictures/store/${foreign}`)).statusCode).toBe(404);
    // A link of this tenant with the tenant changed.
    const moved = (await linkOf()).replace(`tenant=${tenant.code}`, `tenant=${other.code}`);
    expect((await noHeaders().request("GET", moved)).statusCode).toBe(403);
    // The other tenant's own link answers its own picture only.
    const theirs = (await view(other.admin, foreignStoryId)).json().pictures[0].url;
    expect((await noHeaders().request("GET", theirs)).statusCode).toBe(200);
    expect((await noHeaders().request("GET", theirs.replace(foreignStoryId, storyId))).statusCode).toBe(403);
  });
});
