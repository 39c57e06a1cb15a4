// Story exports through HTTP with real sign-in: stills rendered by Debian's Chromium from the real viewer (the web
// app built for this file, the server listening on a port of its own), the preflight report, the export list with
// its signed links, permissions and tenants. Renders are slow on two cores: few of them, one server for the file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newElement, PERMISSIONS, type StoryCreateBodyInput } from "@repox/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { png } from "../../platform/media/test-media.ts";
import { type MailSink, startMailSink } from "../../test/mail-sink.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { builtWebApp } from "../../test/web-build.ts";
import { uploadAsset } from "../assets/testing.ts";
import { readZip } from "../exports/testing.ts";
import { STORIES, storyBody, storyDetails } from "./testing.ts";

const RENDER_TIMEOUT_MS = 180_000;

let sink: MailSink;
let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let pictureId: string;

const GREEN = "#00aa00";
const NAVY = "#000080";

/** Two slides: a green one, and a navy one named 'Harbour' whose element 1 is the picture (red left, blue right). */
function twoSlides(picture: string) {
  const details = storyDetails(2);
  const [first, second] = details.screen.slides;
  if (!first || !second) throw new Error("two slides expected");
  first.elements = [];
  first.background = { ...first.background, color: GREEN };
  second.name = "Harbour";
  second.background = { ...second.background, color: NAVY };
  const image = newElement("IMAGE", "photo", { x: 0, y: 0 });
  if (image.type !== "IMAGE") throw new Error("an image element expected");
  second.elements = [
    { ...image, width: 1280, height: 720, data: { uuid: picture, from: "stories", lockAspectRatio: true, dimensionsAreSet: true } },
  ];
  return details;
}

async function newStoryShowing(caller: Caller, details: ReturnType<typeof storyDetails>, overrides: Partial<StoryCreateBodyInput> = {}) {
  const answer = await caller.request("POST", STORIES, storyBody({ title: "Island trip", storyDetails: details, ...overrides }));
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return answer.json().uuid as string;
}

const exportStills = (caller: Caller, id: string, resolution: "FHD" | "QHD") =>
  caller.request("POST", `${STORIES}/${id}/export`, { format: "SLIDE_IMAGE", resolution });
const listExports = (caller: Caller, id: string) => caller.request("GET", `${STORIES}/${id}/exports`);

/** Width and height from the PNG's IHDR chunk. */
function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(data.toString("latin1", 12, 16)).toBe("IHDR");
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

async function pixel(data: Buffer, x: number, y: number): Promise<string> {
  const { data: raw } = await sharp(data)
    .extract({ left: x, top: y, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `#${[...raw].map((value) => value.toString(16).padStart(2, "0")).join("")}`;
}

/** Whether two colours are within `steps` per channel (PNG is exact; anti-aliasing is not at these points). */
function near(actual: string, expected: string, steps = 8): boolean {
  const channels = (hex: string) => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  const [a, b] = [channels(actual), channels(expected)];
  return a.every((value, index) => Math.abs(value - (b[index] ?? 0)) <= steps);
}

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp({ WEB_DIST: builtWebApp(), SMTP_URL: sink.url });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  tenant = await t.newTenant();
  other = await t.newTenant();
  pictureId = (await uploadAsset(tenant.admin, { name: "harbour.png", content: await png(320, 180), type: "image/png" })).uuid;
}, RENDER_TIMEOUT_MS);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe("POST /api/stories/{id}/export (stills)", () => {
  it(
    "answers a ZIP of one PNG per slide at rest, 1920 × 1080 for a 16:9 story at FHD, as the viewer shows it",
    async () => {
      const id = await newStoryShowing(tenant.admin, twoSlides(pictureId));
      const answer = await exportStills(tenant.admin, id, "FHD");
      expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/zip");
      expect(answer.headers["content-disposition"]).toBe('attachment; filename="Island trip - stills FHD.zip"');
      const entries = await readZip(answer.rawPayload);
      expect(entries.map((entry) => entry.path)).toEqual(["01 Slide 1.png", "02 Harbour.png"]);
      const [first, second] = entries.map((entry) => entry.data) as [Buffer, Buffer];
      expect(pngSize(first)).toEqual({ width: 1920, height: 1080 });
      expect(pngSize(second)).toEqual({ width: 1920, height: 1080 });
      // Slide 1 is its green background; slide 2 shows the picture's red half top left, on navy.
      expect(near(await pixel(first, 960, 540), GREEN)).toBe(true);
      expect(near(await pixel(second, 200, 270), "#ff0000")).toBe(true);
      expect(near(await pixel(second, 1700, 900), NAVY)).toBe(true);

      const list = await listExports(tenant.admin, id);
      expect(list.statusCode).toBe(200);
      const [latest] = list.json();
      expect(latest).toMatchObject({ format: "SLIDE_IMAGE", resolution: "FHD", state: "DONE", progress: 1, error: null });
      expect(latest.downloadUrl).toMatch(new RegExp(`^/api/stories/${id}/exports/${latest.id}/file\\?tenant=${tenant.code}&.*sig=`));
      const download = await t.caller({}).request("GET", latest.downloadUrl);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(answer.rawPayload)).toBe(true);
      expect(download.headers["content-disposition"]).toMatch(/^attachment/);
      // Another tenant finds neither the story's exports nor the file, by its id or through the signed link.
      expect((await other.admin.request("GET", `${STORIES}/${id}/exports/${latest.id}/file`)).statusCode).toBe(404);
      expect(
        (await t.caller({}).request("GET", latest.downloadUrl.replace(`tenant=${tenant.code}`, `tenant=${other.code}`))).statusCode,
      ).toBe(403);
    },
    RENDER_TIMEOUT_MS,
  );

  it(
    "renders a portrait 16:9 story at QHD as 1440 × 2560",
    async () => {
      const details = storyDetails(1);
      const [only] = details.screen.slides;
      if (only) only.elements = [];
      const id = await newStoryShowing(tenant.admin, details, { orientation: "PORTRAIT" });
      const answer = await exportStills(tenant.admin, id, "QHD");
      expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200);
      const entries = await readZip(answer.rawPayload);
      expect(entries).toHaveLength(1);
      expect(pngSize((entries[0] as { data: Buffer }).data)).toEqual({ width: 1440, height: 2560 });
    },
    RENDER_TIMEOUT_MS,
  );

  it("fails at once, before rendering, naming the slide and element whose picture is gone, and lists the export FAILED", async () => {
    const lost = await uploadAsset(tenant.admin, { name: "lost.png", content: await png(64, 36), type: "image/png" });
    const id = await newStoryShowing(tenant.admin, twoSlides(lost.uuid));
    const sha256 = await inTenant(
      t.db,
      tenant.id,
      async (trx) =>
        (await trx.selectFrom("assets").select("blob_sha256").where("id", "=", lost.uuid).executeTakeFirstOrThrow()).blob_sha256,
    );
    await t.services.blobs.deleteBlob(tenant.id, sha256);

    const answer = await exportStills(tenant.admin, id, "FHD");
    expect(answer.statusCode).toBe(422);
    const message = answer.json().message as string;
    expect(message).toContain(
      `Slide 2 'Harbour', element 1 (IMAGE): the picture ${lost.uuid} (among the story images) is no longer available`,
    );
    const [latest] = (await listExports(tenant.admin, id)).json();
    expect(latest).toMatchObject({ format: "SLIDE_IMAGE", state: "FAILED", downloadUrl: null, error: message });
  });

  it("refuses a story without slides, other formats and resolutions with a message", async () => {
    const details = storyDetails(1);
    details.screen.slides = [];
    const empty = await newStoryShowing(tenant.admin, details);
    const none = await exportStills(tenant.admin, empty, "FHD");
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe("This story has no slides to export.");
    const bad = [
      { format: "SLIDE_IMAGE", resolution: "8K" },
      { format: "SLIDE_IMAGE" },
      { format: "VIDEO", resolution: "FHD" },
      { format: "SLIDE_IMAGE", resolution: "FHD", extra: 1 },
    ];
    for (const body of bad) {
      const answer = await tenant.admin.request("POST", `${STORIES}/${empty}/export`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message).toMatch(/\S/);
    }
    const unknown = await exportStills(tenant.admin, "0190a0b0-0000-7000-8000-000000000000", "FHD");
    expect(unknown.statusCode).toBe(404);
  });

  it("asks for repox.stories.show, and never reaches another tenant's story or export", async () => {
    const id = await newStoryShowing(tenant.admin, storyDetails(1));
    const outsider = await tenant.newUser({ permissions: [PERMISSIONS.storiesEdit] });
    for (const answer of [await exportStills(outsider, id, "FHD"), await listExports(outsider, id)]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json().message).toContain(PERMISSIONS.storiesShow);
    }
    expect((await exportStills(tenant.anonymous, id, "FHD")).statusCode).toBe(401);
    for (const answer of [await exportStills(other.admin, id, "FHD"), await listExports(other.admin, id)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(`Story ${id} not found`);
    }
    const exported = (await listExports(tenant.admin, id)).json();
    expect(exported).toEqual([]);
  });
});

/** What ffprobe says of an MP4's video stream and length. */
function probeVideo(data: Buffer): { codec: string; width: number; height: number; pixelFormat: string; seconds: number } {
  const folder = mkdtempSync(join(tmpdir(), "repox-probe-"));
  try {
    const file = join(folder, "story.mp4");
    writeFileSync(file, data);
    const args = [
      "-v",
      "error",
      "-select_streams",
      "v:0",
      "-show_entries",
      "stream=codec_name,width,height,pix_fmt:format=duration",
      "-of",
      "json",
      file,
    ];
    const probe = JSON.parse(execFileSync("ffprobe", args, { encoding: "utf8" }));
    const [stream] = probe.streams;
    return {
      codec: stream.codec_name,
      width: stream.width,
      height: stream.height,
      pixelFormat: stream.pix_fmt,
      seconds: Number(probe.format.duration),
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The video's frame at `seconds`, as PNG (ffmpeg decodes it). */
function videoFrame(data: Buffer, seconds: number): Buffer {
  const folder = mkdtempSync(join(tmpdir(), "repox-frame-"));
  try {
    const file = join(folder, "story.mp4");
    writeFileSync(file, data);
    const args = ["-v", "error", "-ss", String(seconds), "-i", file, "-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "-"];
    return execFileSync("ffmpeg", args, { maxBuffer: 64 * 1024 * 1024 });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe("POST /api/stories/{id}/export_video", () => {
  it(
    "queues a job that renders the story at 30 fps into an H.264 MP4, keeps it and mails a link valid for 7 days",
    async () => {
      const details = twoSlides(pictureId);
      for (const slide of details.screen.slides) {
        slide.duration = 1000;
        slide.animation = { ...slide.animation, editorSlideDuration: 1, durationEnter: 250, durationLeave: 250 };
      }
      // Slide 2 (1 s .. 2 s): the picture fades in over its first 500 ms, then rests until the slide leaves at 1.75 s.
      const picture = details.screen.slides[1]?.elements?.[0];
      if (!picture) throw new Error("the picture element expected");
      picture.animation = { ...picture.animation, enterAnimation: "fadeIn", enterAnimationDelay: 0, durationEnter: 500 };
      picture.animation = { ...picture.animation, leaveAnimationDelay: 750, durationLeave: 250 };
      const id = await newStoryShowing(tenant.admin, details);
      const recipient = "viewer@example.org";
      const queued = await tenant.admin.request("POST", `${STORIES}/${id}/export_video`, { resolution: "FHD", recipient });
      expect(queued.statusCode, queued.body).toBe(202);
      expect(queued.json()).toMatchObject({
        format: "VIDEO",
        resolution: "FHD",
        state: "QUEUED",
        progress: 0,
        downloadUrl: null,
        error: null,
      });
      expect((await listExports(tenant.admin, id)).json()).toEqual([queued.json()]);

      while (await t.services.jobs.runNextJob()) {
        // Every due job, the picture's thumbnails included, until the queue is empty.
      }
      const [done] = (await listExports(tenant.admin, id)).json();
      expect(done).toMatchObject({ id: queued.json().id, state: "DONE", progress: 1, error: null });

      const mail = await sink.nextMailTo(recipient);
      expect(mail.subject).toBe("Story video: Island trip");
      const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      const url = new URL(link);
      expect(url.pathname).toBe(`/api/stories/${id}/exports/${done.id}/file`);
      const validDays = (Number(url.searchParams.get("exp")) * 1000 - Date.now()) / 86_400_000;
      expect(validDays).toBeGreaterThan(6.99);
      expect(validDays).toBeLessThanOrEqual(7);
      const video = await t.caller({}).request("GET", `${url.pathname}${url.search}`);
      expect(video.statusCode).toBe(200);
      expect(video.headers["content-type"]).toBe("video/mp4");
      const probe = probeVideo(video.rawPayload);
      expect(probe).toMatchObject({ codec: "h264", width: 1920, height: 1080, pixelFormat: "yuv420p" });
      expect(probe.seconds).toBeCloseTo(2, 1);
      // The picture's left half (red) at rest; 100 ms into its fade the slide is still mostly dark: a video of one
      // repeated frame, or of frames not at their time, fails here.
      const atRest = await pixel(videoFrame(video.rawPayload, 1.6), 240, 270);
      const midFade = await pixel(videoFrame(video.rawPayload, 1.1), 240, 270);
      expect(near(atRest, "#ff0000", 48), atRest).toBe(true);
      expect(near(midFade, atRest, 48), midFade).toBe(false);
    },
    RENDER_TIMEOUT_MS,
  );

  it("refuses a bad recipient or resolution, a user without repox.stories.show and another tenant, queuing nothing", async () => {
    const id = await newStoryShowing(tenant.admin, storyDetails(1));
    for (const body of [
      { resolution: "FHD", recipient: "nobody" },
      { resolution: "4K", recipient: "a@example.org" },
      { resolution: "FHD" },
    ]) {
      const answer = await tenant.admin.request("POST", `${STORIES}/${id}/export_video`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const outsider = await tenant.newUser({ permissions: [PERMISSIONS.storiesEdit] });
    const denied = await outsider.request("POST", `${STORIES}/${id}/export_video`, { resolution: "FHD", recipient: "a@example.org" });
    expect(denied.statusCode).toBe(403);
    const foreign = await other.admin.request("POST", `${STORIES}/${id}/export_video`, { resolution: "FHD", recipient: "a@example.org" });
    expect(foreign.statusCode).toBe(404);
    expect((await listExports(tenant.admin, id)).json()).toEqual([]);
  });
});

describe("without Chromium", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ CHROMIUM_PATH: "/nonexistent/chromium" });
  });
  afterAll(() => bare?.close());

  it("answers 503 saying what to install, and the story is untouched", async () => {
    const owner = await bare.newTenant();
    const id = await newStoryShowing(owner.admin, storyDetails(1));
    const answer = await exportStills(owner.admin, id, "FHD");
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toMatchObject({
      status: 503,
      message: "Exports need Chromium: install Debian's chromium package or set CHROMIUM_PATH.",
    });
    expect((await owner.admin.request("GET", `${STORIES}/${id}`)).statusCode).toBe(200);
  });
});
