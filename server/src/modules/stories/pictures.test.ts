// Pictures of a story: an IMAGE element or a background with `from: 'store'` names a datastream the author must be
// able to read, a picture, of the same tenant; with `from: 'stories'`, and the cover, it names a story image (asset)
// of the same tenant.
import { newElement, newSlide, PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { newStory, SLIDE_TEMPLATES, STORIES, slideDetailsOf, storyBody, storyDetails, templateBody, updateBody } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let picture: string;
let text: string;
let trashed: string;
let foreign: string;
let asset: string;
let foreignAsset: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  const bytes = await png(320, 200);
  for (const owner of [tenant, other]) await setUpFileModel(owner.admin);
  const box = await newBox(tenant.admin);
  picture = (await uploadOne(tenant.admin, box, { name: "harbour.png", content: bytes, type: "image/png" })).uuid;
  text = (await uploadOne(tenant.admin, box, { name: "notes.txt", content: Buffer.from("Not a picture\n"), type: "text/plain" })).uuid;
  trashed = (await uploadOne(tenant.admin, box, { name: "old.png", content: await png(100, 100), type: "image/png" })).uuid;
  expect((await tenant.admin.request("POST", `/api/datastreams/${trashed}/remove`)).statusCode).toBe(200);
  foreign = (await uploadOne(other.admin, await newBox(other.admin), { name: "theirs.png", content: bytes, type: "image/png" })).uuid;
  asset = (await uploadAsset(tenant.admin, { name: "cover.png", content: bytes })).uuid;
  foreignAsset = (await uploadAsset(other.admin, { name: "their-cover.png", content: bytes })).uuid;
});
afterAll(() => t.close());

/** Two slides; the second shows `uuid` from the store as an image element and as its background. */
function withStorePicture(uuid: string, where: "element" | "background" = "element", from: "store" | "stories" = "store") {
  const details = storyDetails(2);
  const second = details.screen.slides[1];
  if (!second) throw new Error("no second slide");
  const image = newElement("IMAGE", "photo", { x: 0, y: 0 });
  if (image.type === "IMAGE") image.data = { uuid: where === "element" ? uuid : null, from, lockAspectRatio: true, dimensionsAreSet: true };
  second.elements = [image];
  if (where === "background") second.background = { color: "#000", position: "center center", size: "cover", uuid, from };
  return details;
}

const elementPath = "storyDetails.screen.slides[1].elements[0].data.uuid";

describe("pictures from the store", () => {
  it("keeps a picture the author can read, as element and as background", async () => {
    const author = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const created = await author.request("POST", STORIES, storyBody({ storyDetails: withStorePicture(picture) }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().uuid;
    const updated = await author.request("PUT", `${STORIES}/${id}`, updateBody({ storyDetails: withStorePicture(picture, "background") }));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().storyDetails.screen.slides[1].background).toMatchObject({ uuid: picture, from: "store" });
  });

  it("refuses a datastream that is missing, in the trash or not a picture, naming the field", async () => {
    const missing = crypto.randomUUID();
    const cases: [string, ReturnType<typeof withStorePicture>, string][] = [
      ["missing", withStorePicture(missing), `${elementPath} names no datastream you can read (${missing})`],
      ["in the trash", withStorePicture(trashed), `${elementPath} names no datastream you can read (${trashed})`],
      ["not a picture", withStorePicture(text), `${elementPath} names a datastream that is not a picture (text/plain)`],
      [
        "a missing background",
        withStorePicture(missing, "background"),
        `storyDetails.screen.slides[1].background.uuid names no datastream you can read (${missing})`,
      ],
    ];
    const id = await newStory(tenant.admin, { title: "Pictures" });
    for (const [name, details, message] of cases) {
      const created = await tenant.admin.request("POST", STORIES, storyBody({ storyDetails: details }));
      expect([created.statusCode, created.json().message], name).toEqual([400, `Invalid body: ${message}`]);
      const updated = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ storyDetails: details }));
      expect([updated.statusCode, updated.json().message], name).toEqual([400, `Invalid body: ${message}`]);
    }
    expect((await tenant.admin.request("GET", `${STORIES}/${id}`)).json().slideCount).toBe(0);
  });

  it("a datastream of another tenant never becomes a picture of a story or a template", async () => {
    const message = `Invalid body: ${elementPath} names no datastream you can read (${foreign})`;
    const created = await tenant.admin.request("POST", STORIES, storyBody({ storyDetails: withStorePicture(foreign) }));
    expect([created.statusCode, created.json().message]).toEqual([400, message]);
    const id = await newStory(tenant.admin);
    const updated = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ storyDetails: withStorePicture(foreign) }));
    expect([updated.statusCode, updated.json().message]).toEqual([400, message]);

    const slide = newSlide("s", 1);
    const image = newElement("IMAGE", "photo");
    if (image.type === "IMAGE") image.data = { uuid: foreign, from: "store", lockAspectRatio: true, dimensionsAreSet: false };
    slide.elements = [image];
    const template = await tenant.admin.request("POST", SLIDE_TEMPLATES, templateBody(slideDetailsOf(slide)));
    expect([template.statusCode, template.json().message]).toEqual([
      400,
      `Invalid body: slideDetails.elements[0].data.uuid names no datastream you can read (${foreign})`,
    ]);
    // At its own tenant the same picture is fine.
    const own = await other.admin.request("POST", SLIDE_TEMPLATES, templateBody(slideDetailsOf(slide)));
    expect(own.statusCode, own.body).toBe(201);
  });
});

describe("story images (assets) and the cover", () => {
  it("keeps the tenant's own story image as element, background and cover", async () => {
    const id = await newStory(tenant.admin, { title: "Assets" });
    const updated = await tenant.admin.request(
      "PUT",
      `${STORIES}/${id}`,
      updateBody({ coverPage: asset, storyDetails: withStorePicture(asset, "background", "stories") }),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().coverPage).toBe(asset);
    // The list card shows the cover through a signed thumbnail link that an <img> loads without the bearer token.
    const page = (await tenant.admin.request("GET", `${STORIES}?size=100`)).json();
    const listed = page.content.find((story: { uuid: string }) => story.uuid === id);
    expect(listed.coverUrl).toMatch(new RegExp(`^/api/assets/${asset}/thumbnail\\?`));
    const thumbnail = await t.app.inject({ method: "GET", url: listed.coverUrl });
    expect([200, 404]).toContain(thumbnail.statusCode);
    if (thumbnail.statusCode === 404) expect(thumbnail.json().message).toBe("The thumbnail is not ready yet.");
    expect((await tenant.anonymous.request("GET", `/api/assets/${asset}/thumbnail`)).statusCode).toBe(401);
    const element = await tenant.admin.request(
      "PUT",
      `${STORIES}/${id}`,
      updateBody({ storyDetails: withStorePicture(asset, "element", "stories") }),
    );
    expect(element.statusCode, element.body).toBe(200);
  });

  it("refuses a missing story image or one of another tenant, in an element, a background, the cover and a template", async () => {
    const id = await newStory(tenant.admin, { title: "Foreign assets" });
    const missing = crypto.randomUUID();
    for (const uuid of [missing, foreignAsset]) {
      const element = await tenant.admin.request(
        "PUT",
        `${STORIES}/${id}`,
        updateBody({ storyDetails: withStorePicture(uuid, "element", "stories") }),
      );
      expect([element.statusCode, element.json().message]).toEqual([400, `Invalid body: ${elementPath} names no story image (${uuid})`]);
      const background = await tenant.admin.request(
        "PUT",
        `${STORIES}/${id}`,
        updateBody({ storyDetails: withStorePicture(uuid, "background", "stories") }),
      );
      expect([background.statusCode, background.json().message]).toEqual([
        400,
        `Invalid body: storyDetails.screen.slides[1].background.uuid names no story image (${uuid})`,
      ]);
      const cover = await tenant.admin.request("PUT", `${STORIES}/${id}`, updateBody({ coverPage: uuid }));
      expect([cover.statusCode, cover.json().message]).toEqual([400, `Invalid body: coverPage names no story image (${uuid})`]);
      const template = await tenant.admin.request("POST", SLIDE_TEMPLATES, {
        ...templateBody(slideDetailsOf(newSlide("s", 1))),
        coverPage: uuid,
      });
      expect([template.statusCode, template.json().message]).toEqual([400, `Invalid body: coverPage names no story image (${uuid})`]);
    }
    expect((await tenant.admin.request("GET", `${STORIES}/${id}`)).json().coverPage).toBeNull();
  });
});
