// Stories as the story specs make and read them through the API, and the mouse drag they move things with on the
// editor's canvas (story-editor.spec.ts, story-editor-more.spec.ts, story-exports.spec.ts).
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { harbourPicture } from "./media-files.ts";
import { shot } from "./pages.ts";

export type Headers = Record<string, string>;
export type AnimationRead = Record<string, number>;
export type ElementRead = {
  id: string;
  type: string;
  name: string;
  x: number;
  y: number;
  zIndex: number;
  width: number;
  height: number;
  rotation: number;
  data: Record<string, unknown>;
  animation: AnimationRead;
};
export type SlideRead = { id: string; name: string; duration: number; animation: AnimationRead; elements: ElementRead[] };
export type StoryRead = {
  title: string;
  description: string;
  coverPage: string | null;
  tags: { name: string; scope: string }[];
  storyDetails: { screen: { width: number; height: number; slides: SlideRead[] } };
};

/**
 * A 16:9 landscape story (2560×1440) made through POST /api/stories: with `slides`, those (the server fills in what
 * they leave out); without, the story has none. Answers its uuid.
 */
export async function createStory(
  request: APIRequestContext,
  headers: Headers,
  { title, description, slides }: { title: string; description?: string; slides?: unknown[] },
): Promise<string> {
  const response = await request.post("/api/stories", {
    headers,
    data: {
      title,
      ...(description === undefined ? {} : { description }),
      aspectRatio: "16:9",
      orientation: "LANDSCAPE",
      ...(slides ? { storyDetails: { screen: { slides } } } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { uuid: string }).uuid;
}

export async function readStory(request: APIRequestContext, headers: Headers, id: string): Promise<StoryRead> {
  const response = await request.get(`/api/stories/${id}`, { headers });
  expect(response.status()).toBe(200);
  return (await response.json()) as StoryRead;
}

/** Presses on `handle`, moves by (dx, dy) screen pixels in small steps, screenshots while held (if named), releases. */
export async function dragBy(page: Page, handle: Locator, dx: number, dy: number, whileHeld?: string) {
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  if (!box) throw new Error("drag: not on screen");
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 6 });
  await page.mouse.move(x + dx, y + dy, { steps: 6 });
  if (whileHeld) await shot(page, whileHeld);
  await page.mouse.up();
}

/** POSTs to /api{path} and expects 201; answers the created body. */
export async function created<T>(request: APIRequestContext, headers: Headers, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api${path}`, { headers, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}

/**
 * The harbour PNG in the store, for a story to show: a datastream type and a folder type coded `{prefix}-file` and
 * `{prefix}-folder`, a folder labelled `folderLabel`, then the upload. Answers the datastream's uuid.
 */
export async function storePicture(request: APIRequestContext, headers: Headers, prefix: string, folderLabel: string): Promise<string> {
  await created(request, headers, "/datastream_types", { dataStream: { code: `${prefix}-file`, name: `${prefix} file` }, properties: [] });
  await created(request, headers, "/container_types", {
    container: { code: `${prefix}-folder`, name: `${prefix} folder`, allowedAtRoot: true },
    properties: [],
  });
  const folder = await created<{ uuid: string }>(request, headers, "/containers", {
    label: folderLabel,
    type: `${prefix}-folder`,
    properties: [],
  });
  const response = await request.post(`/api/datastreams?to=${folder.uuid}`, {
    headers,
    multipart: {
      data: JSON.stringify({ type: `${prefix}-file` }),
      file: { name: "harbour.png", mimeType: "image/png", buffer: await harbourPicture() },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const [datastream] = (await response.json()) as { uuid: string }[];
  return datastream?.uuid ?? "";
}
