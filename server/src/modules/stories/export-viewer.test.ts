import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { newElement, OFFLINE_VIEWER, type OfflineStory, PERMISSIONS, type StoryView } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { png } from "../../platform/media/test-media.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { builtWebApp } from "../../test/web-build.ts";
import { uploadAsset } from "../assets/testing.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { byPath, readZip } from "../exports/testing.ts";
import { createViewerExport } from "./export-viewer.ts";
import { STORIES, storyBody, storyDetails } from "./testing.ts";

let webDist: string;
let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let viewer: Caller;
let photo: string;
let photoBytes: Buffer;
let asset: string;
let assetBytes: Buffer;
let storyId: string;

/**
 * Two slides: the first with a TEXT in Roboto (the default), a TITLE in Oi, a YOUTUBE and a VIMEO element and the
 * datastream as background; the second with the uploaded asset as an image.
 */
function twoSlides() {
  const details = storyDetails(2);
  const [first, second] = details.screen.slides;
  if (!first || !second) throw new Error("two slides expected");
  const elements = (first.elements ?? []).filter((element) => element.type !== "IMAGE");
  for (const element of elements) if (element.type === "TITLE") element.data.fontFamily = "Oi";
  first.elements = elements;
  first.background = { color: "#000", position: "center center", size: "cover", uuid: photo, from: "store" };
  const image = newElement("IMAGE", "asset", { x: 40, y: 40 });
  if (image.type === "IMAGE") image.data = { uuid: asset, from: "stories", lockAspectRatio: true, dimensionsAreSet: true };
  second.elements = [image];
  return details;
}

const exportViewer = (caller: Caller, id = storyId, body: unknown = { format: "VIEWER" }) =>
  caller.request("POST", `${STORIES}/${id}/export`, body);

beforeAll(async () => {
  webDist = builtWebApp();
  t = await createTestApp({ WEB_DIST: webDist });
  tenant = await t.newTenant();
  other = await t.newTenant();
  await setUpFileModel(tenant.admin);
  photoBytes = await png(320, 200);
  photo = (await uploadOne(tenant.admin, await newBox(tenant.admin), { name: "harbour.png", content: photoBytes, type: "image/png" })).uuid;
  assetBytes = await png(200, 120);
  asset = (await uploadAsset(tenant.admin, { name: "boat.png", content: assetBytes, type: "image/png" })).uuid;
  const answer = await tenant.admin.request("POST", STORIES, storyBody({ title: "Island trip", storyDetails: twoSlides() }));
  if (answer.statusCode !== 201) throw new Error(answer.body);
  storyId = answer.json().uuid;
  viewer = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function storyOf(script: Buffer): OfflineStory {
  const window: Record<string, unknown> = {};
  runInNewContext(script.toString("utf8"), { window });
  return window[OFFLINE_VIEWER.storyGlobal] as OfflineStory;
}

describe("POST /api/stories/{id}/export {format: 'VIEWER'}", () => {
  /** One export, read by every test of this group. */
  let answer: Awaited<ReturnType<typeof exportViewer>>;
  let exported: Map<string, Buffer>;
  beforeAll(async () => {
    answer = await exportViewer(viewer);
    exported = answer.statusCode === 200 ? byPath(await readZip(answer.rawPayload)) : new Map();
  });

  it("answers a ZIP with index.html, the viewer, story.js and every picture of the story under media/", async () => {
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/zip");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="Island trip - offline viewer.zip"');
    const files = exported;
    expect([...files.keys()]).toEqual(expect.arrayContaining(["index.html", "viewer.js", "viewer.css", "story.js"]));
    expect(files.get(`media/store-${photo}.png`)).toEqual(photoBytes);
    expect(files.get(`media/stories-${asset}.png`)).toEqual(assetBytes);

    const html = files.get("index.html")?.toString("utf8") ?? "";
    expect(html).toContain('<script src="./story.js"></script>');
    expect(html).toContain('<script defer src="./viewer.js"></script>');
    expect(html).not.toContain('type="module"');

    const story = storyOf(files.get("story.js") ?? Buffer.alloc(0));
    expect(story).toMatchObject({ id: storyId, title: "Island trip", width: 2560, height: 1440 });
    expect(story.storyDetails.screen.slides).toHaveLength(2);
    expect(story.pictures.map((picture) => picture.url).sort()).toEqual([`media/store-${photo}.png`, `media/stories-${asset}.png`]);
  });

  it("holds no address of the server: every file is reached by a path relative to index.html", async () => {
    const files = exported;
    const texts = [...files].filter(([path]) => /\.(html|js|css)$/.test(path));
    expect(texts.length).toBeGreaterThanOrEqual(4);
    for (const [path, data] of texts) {
      const text = data.toString("utf8");
      expect(text, path).not.toContain("http://127.0.0.1");
      expect(text, path).not.toContain("localhost");
      expect(text, path).not.toContain("/api/");
      expect(text, path).not.toMatch(/url\(\s*["']?\//);
      expect(text, path).not.toMatch(/(src|href)="\//);
    }
    const css = files.get("viewer.css")?.toString("utf8") ?? "";
    expect(css).toMatch(/url\(\.\/fonts\/roboto\/roboto-latin-400-normal-[\w-]+\.woff2\)/);
  });

  it("takes the WOFF2 fonts of the families the story writes with, and no others", async () => {
    const files = exported;
    const fonts = [...files.keys()].filter((path) => path.startsWith("fonts/"));
    const families = new Set(fonts.map((path) => path.split("/")[1]));
    expect([...families].sort()).toEqual(["oi", "roboto"]);
    expect(fonts.every((path) => path.endsWith(".woff2"))).toBe(true);
    expect(fonts).toEqual(expect.arrayContaining([expect.stringMatching(/^fonts\/roboto\/roboto-greek-700-normal-[\w-]+\.woff2$/)]));
  });

  it("keeps the links of YouTube and Vimeo elements, which the offline viewer shows on a poster", async () => {
    const files = exported;
    const story = storyOf(files.get("story.js") ?? Buffer.alloc(0));
    const videos = story.storyDetails.screen.slides[0]?.elements.filter(
      (element) => element.type === "YOUTUBE" || element.type === "VIMEO",
    );
    expect(videos?.map((element) => (element.type === "YOUTUBE" || element.type === "VIMEO" ? element.data.url : ""))).toEqual([
      "https://www.youtube.com/watch?v=aqz-KE-bpKQ",
      expect.stringMatching(/^https:\/\/vimeo\.com\/\d+$/),
    ]);
    expect(files.get("story.js")?.toString("utf8")).toContain("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  });

  it("is refused without repox.stories.show, for a story of another tenant, and for a format it does not know", async () => {
    const editorOnly = await tenant.newUser({ permissions: [PERMISSIONS.storiesEdit] });
    const refused = await exportViewer(editorOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(PERMISSIONS.storiesShow);
    expect((await exportViewer(tenant.anonymous)).statusCode).toBe(401);
    const foreign = await exportViewer(other.admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain("Island trip");
    const unknown = await exportViewer(viewer, storyId, { format: "FLIPBOOK" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("format");
    expect((await exportViewer(viewer, "0193f0aa-0000-7000-8000-000000000000")).statusCode).toBe(404);
  });
});

describe("createViewerExport", () => {
  const ctx = {} as RequestContext;
  let view: StoryView;
  beforeAll(async () => {
    view = (await viewer.request("GET", `${STORIES}/${storyId}/view`)).json();
  });

  it("fails before writing anything when a picture cannot be read, naming the slide and element", async () => {
    const viewerExport = createViewerExport({
      storyView: {
        view: async () => view,
        picture: async () => {
          throw new NotFound("The file is gone");
        },
      },
      viewerDir: join(webDist, "offline-viewer"),
    });
    const failure = viewerExport.prepare(ctx, storyId);
    await expect(failure).rejects.toMatchObject({ status: 409 });
    await expect(failure).rejects.toThrow(
      /the background of slide 1 \(storyDetails\.screen\.slides\[0\]\.background\.uuid\) cannot be read: The file is gone/,
    );
  });

  it("answers 503 saying what to run when the offline viewer is not built", async () => {
    const viewerExport = createViewerExport({
      storyView: { view: async () => view, picture: async () => Promise.reject(new Error("not reached")) },
      viewerDir: join(webDist, "missing"),
    });
    await expect(viewerExport.prepare(ctx, storyId)).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining("npm run build -w web"),
    });
  });
});
