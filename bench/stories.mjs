// `npm run bench -- stories [--slides N] [--elements N] [--parts editor,stills,video]`: the story goals of issue 13.
//
// 1. The built server starts on a fresh DATA_DIR (embedded PGlite) with the built web app; two stories are made
//    through the API: the large one (200 slides of 20 TEXT and TITLE elements) and the baseline (one slide, one
//    element).
// 2. Editor: Debian's Chromium (playwright-core) opens each story's editor five times: time from navigation until the
//    first slide's elements are on the canvas. Then it drags an element of the first slide 300 px in 60 mouse moves,
//    three times, while Chromium records a performance trace; each frame's main-thread time is the duration of the
//    trace's AnimationFrame events (script, style, layout and paint of one frame; the budget at 60 Hz is 16.7 ms).
//    Ratios: the large story against the baseline, measured in the same run.
// 3. Stills: POST /api/stories/{id}/export {SLIDE_IMAGE, FHD} of a 10-slide story (a title and a text each), read to
//    its end: seconds a slide, against the benchmark's own Chromium opening the same viewer at 1920 × 1080 and taking
//    the same screenshots at rest (what the export does without the server around it).
// 4. Video: POST /api/stories/{id}/export_video {FHD} of a 2-slide story, then GET /exports until it is DONE: render
//    time over the story's duration (goal <= 2).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ELEMENT_TYPES, newElement, newSlide, SLIDE_DEFAULTS } from "@repox/contracts";
import { chromium } from "playwright-core";
import {
  call,
  fmt,
  machine,
  password,
  root,
  signIn,
  startServer,
  stopServer,
  summarise,
  tempDir,
  tenant,
  withCleanUp,
} from "./harness.mjs";

const settings = { slides: 200, elements: 20, opens: 5, drags: 3, dragMoves: 60, dragPx: 300, stillSlides: 10, videoSlides: 2 };
const FRAME_BUDGET_MS = 1000 / 60;

function option(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/** `slides` slides of `elements` elements each, TEXT and TITLE in turn, spread over the canvas. */
function details(slides, elements) {
  const list = [];
  let previous;
  for (let n = 1; n <= slides; n++) {
    const slide = newSlide(`slide-${n}`, n, previous);
    slide.elements = Array.from({ length: elements }, (_, index) => {
      const type = ELEMENT_TYPES[index % 2];
      const element = newElement(type, `s${n}-e${index}`, { x: 100 + (index % 5) * 460, y: 100 + Math.floor(index / 5) * 300 });
      return { ...element, name: `${type} ${index + 1}` };
    });
    list.push(slide);
    previous = slide;
  }
  return { screen: { width: 1, height: 1, slides: list } };
}

async function makeStory(base, headers, title, slides, elements) {
  const body = { title, description: "", aspectRatio: "16:9", orientation: "LANDSCAPE" };
  const { uuid } = await call(base, headers, "POST", "/stories", { json: body, expect: 201 });
  const update = { ...body, coverPage: null, isTemplate: false, tags: [], storyDetails: details(slides, elements) };
  await call(base, headers, "PUT", `/stories/${uuid}`, { json: update });
  return uuid;
}

/** Milliseconds from navigation until the first slide's elements are all on the canvas. */
async function timeOpen(page, base, id, elements) {
  const started = performance.now();
  await page.goto(`${base}/${tenant}/stories/edit/${id}`);
  await page.waitForFunction(
    (count) => document.querySelectorAll('[data-testid="story-canvas"] [data-element-id]').length >= count,
    elements,
    { timeout: 120_000, polling: "raf" },
  );
  return performance.now() - started;
}

/** Main-thread milliseconds of each frame drawn while an element is dragged, from a Chromium trace. */
async function dragFrames(browser, page) {
  const target = page.locator('[data-testid="story-canvas"] [data-frame-id]').first();
  await target.click();
  const box = await target.boundingBox();
  if (!box) throw new Error("The element to drag is not on screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline.frame"] });
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= settings.dragMoves; step++) {
    await page.mouse.move(x + (settings.dragPx * step) / settings.dragMoves, y + (settings.dragPx * step) / (2 * settings.dragMoves));
  }
  await page.mouse.up();
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const begins = new Map();
  const frames = [];
  for (const event of trace.traceEvents) {
    if (event.name !== "AnimationFrame") continue;
    const key = `${event.pid} ${event.id2?.local ?? event.id}`;
    if (event.ph === "b") begins.set(key, event.ts);
    else if (event.ph === "e" && begins.has(key)) frames.push((event.ts - begins.get(key)) / 1000);
  }
  if (frames.length < 10) throw new Error(`The trace holds ${frames.length} frames of the drag`);
  return frames;
}

async function measureEditor(browser, base, authUser, story) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [`authUser:${tenant}`, JSON.stringify(authUser)],
  );
  const page = await context.newPage();
  try {
    const opens = [];
    for (let n = 0; n < settings.opens; n++) opens.push(await timeOpen(page, base, story.id, story.elements));
    const frames = [];
    for (let n = 0; n < settings.drags; n++) frames.push(...(await dragFrames(browser, page)));
    return {
      open: summarise(opens),
      frames: summarise(frames),
      framesOver: frames.filter((ms) => ms > FRAME_BUDGET_MS).length,
      count: frames.length,
    };
  } finally {
    await context.close();
  }
}

/** The same screenshots the stills export takes, by the benchmark's own browser: the baseline of the stills. */
async function directStills(browser, base, authUser, id) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [`authUser:${tenant}`, JSON.stringify(authUser)]);
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(`${base}/${tenant}/repox-story/${id}?clock=external`);
    await page.waitForFunction(() => window.__repoxStoryClock !== undefined, null, { timeout: 120_000 });
    const slides = await page.evaluate(() => window.__repoxStoryClock.slides.map((slide) => slide.restMs));
    for (const restMs of slides) {
      await page.evaluate((ms) => window.__repoxStoryClock.seek(ms), restMs);
      await page.screenshot({ type: "png" });
    }
    return { ms: performance.now() - started, slides: slides.length };
  } finally {
    await context.close();
  }
}

async function exportStills(base, headers, id) {
  const started = performance.now();
  const response = await fetch(`${base}/api/stories/${id}/export`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ format: "SLIDE_IMAGE", resolution: "FHD" }),
  });
  if (response.status !== 200) throw new Error(`The stills export answered ${response.status}: ${await response.text()}`);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { ms: performance.now() - started, bytes };
}

async function exportVideo(base, headers, id) {
  const started = performance.now();
  const queued = await call(base, headers, "POST", `/stories/${id}/export_video`, {
    json: { resolution: "FHD", recipient: "bench@example.org" },
    expect: 202,
  });
  for (;;) {
    const exports = await call(base, headers, "GET", `/stories/${id}/exports`);
    const record = exports.find((item) => item.id === queued.id);
    if (record?.state === "DONE") return performance.now() - started;
    if (record?.state === "FAILED") throw new Error(`The video export failed: ${record.error}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function run(args) {
  settings.slides = Number(option(args, "--slides") ?? settings.slides);
  settings.elements = Number(option(args, "--elements") ?? settings.elements);
  const parts = new Set((option(args, "--parts") ?? "editor").split(","));
  return withCleanUp(async () => {
    if (!existsSync(join(root, "web", "dist", "index.html"))) {
      console.log("Building the web app ...");
      execFileSync("npm", ["run", "build", "-w", "web", "--silent"], { cwd: root, stdio: "inherit" });
    }
    const dir = await tempDir("repox-bench-stories-");
    console.log("Starting the server ...");
    const server = await startServer(join(dir, "data"), { timeoutMs: 180_000 });
    const headers = await signIn(server.base);
    const authUser = await call(server.base, { "x-tenantid": tenant }, "POST", "/auth/jwt", { json: { username: "admin", password } });
    console.log(`Making a story of ${settings.slides} slides × ${settings.elements} elements and a one-element baseline ...`);
    const large = { id: await makeStory(server.base, headers, "Large", settings.slides, settings.elements), elements: settings.elements };
    const small = { id: await makeStory(server.base, headers, "Baseline", 1, 1), elements: 1 };
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    });
    try {
      console.log(`\nRepox bench: stories   (${machine()})`);
      if (parts.has("editor")) {
        console.log(`Editor: open ${settings.opens} times, then ${settings.drags} drags of ${settings.dragMoves} mouse moves, traced ...`);
        const baseline = await measureEditor(browser, server.base, authUser, small);
        const measured = await measureEditor(browser, server.base, authUser, large);
        const line = (name, r) =>
          `${name}: open p50 ${fmt(r.open.p50)} ms, p95 ${fmt(r.open.p95)} ms; drag frames (${r.count}) p50 ${fmt(r.frames.p50, 1)} ms, ` +
          `p95 ${fmt(r.frames.p95, 1)} ms, over 16.7 ms: ${r.framesOver}`;
        console.log(line("baseline, 1 slide × 1 element", baseline));
        console.log(line(`${settings.slides} slides × ${settings.elements} elements`, measured));
        console.log(`  drag frame p95 ${fmt(measured.frames.p95, 1)} ms   (goal < 16.7 ms)`);
        console.log(
          `  ratios large / baseline: open ${fmt(measured.open.p50 / baseline.open.p50, 2)}, drag frame p95 ${fmt(measured.frames.p95 / baseline.frames.p95, 2)}`,
        );
      }
      if (parts.has("stills")) {
        const id = await makeStory(server.base, headers, "Stills", settings.stillSlides, 2);
        console.log(`Stills: ${settings.stillSlides} slides at FHD, through the export and directly ...`);
        await exportStills(server.base, headers, id); // warms the renderer up
        const direct = await directStills(browser, server.base, authUser, id);
        const exported = await exportStills(server.base, headers, id);
        const perSlide = exported.ms / settings.stillSlides / 1000;
        console.log(`stills export: ${fmt(perSlide, 2)} s a slide (${fmt(exported.bytes / 1024 / 1024, 1)} MiB ZIP)`);
        console.log(`direct screenshots by the benchmark's Chromium: ${fmt(direct.ms / direct.slides / 1000, 2)} s a slide`);
        console.log(`  ratio export / direct: ${fmt(exported.ms / direct.ms, 2)}`);
      }
      if (parts.has("video")) {
        const id = await makeStory(server.base, headers, "Video", settings.videoSlides, 2);
        const durationS = (settings.videoSlides * SLIDE_DEFAULTS.durationMs) / 1000;
        console.log(`Video: a ${settings.videoSlides}-slide story of ${fmt(durationS)} s at FHD, 30 fps ...`);
        const ms = await exportVideo(server.base, headers, id);
        console.log(`video export: ${fmt(ms / 1000, 1)} s for ${fmt(durationS)} s of story`);
        console.log(`  ratio render time / story duration: ${fmt(ms / 1000 / durationS, 2)}   (goal <= 2)`);
      }
    } finally {
      await browser.close();
      await stopServer(server);
    }
  });
}
