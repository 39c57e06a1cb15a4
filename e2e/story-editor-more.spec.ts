// More of the story editor (spec 3 §2 Story editor, §4, §5): an element dragged near the canvas centre or near another
// element's edge snaps onto it (a guide shows while it does), the Timeline's bars drag a slide's duration and an
// element's delays in 0.25 s steps, each drag one undo step, and the asset picker's 'Repox Store Content' browses the
// store's folders with picture thumbnails and picks one, 'Media Content' showing the story assets' thumbnails. What
// the editor did is read back through the API after Save Changes.
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import { apiCreator, signInThroughApi, uploadFile } from "./containers-model.ts";
import { harbourPicture } from "./media-files.ts";
import { shot, signIn } from "./pages.ts";
import { createStory, dragBy, type Headers, readStory } from "./stories-model.ts";

const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ viewport: { width: 1600, height: 1000 }, actionTimeout: 15_000 });

const text = (id: string, name: string, x: number, y: number, width: number, height: number) => ({
  id,
  type: "TEXT",
  name,
  x,
  y,
  width,
  height,
  data: { text: name },
});

/** A story with one slide holding the given elements. */
const storyWith = (request: APIRequestContext, headers: Headers, title: string, elements: unknown[]) =>
  createStory(request, headers, { title, slides: [{ id: "slide-1", name: "Slide 1", elements }] });

const canvas = (page: Page) => page.getByTestId("story-canvas");
const frame = (page: Page, id: string) => canvas(page).locator(`[data-frame-id="${id}"]`);
const panel = (page: Page) => page.getByTestId("settings-panel");

async function saveChanges(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Successfully saved changes").first()).toBeVisible();
}

/** Screen pixels per canvas pixel: the frames layer is the canvas, scaled to fit. */
async function canvasScale(page: Page): Promise<number> {
  const box = await canvas(page).locator("[data-canvas-frames]").boundingBox();
  if (!box) throw new Error("canvas not on screen");
  return box.width / 2560;
}

test("a dragged element snaps to the canvas centre and to another element's edge", async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await signInThroughApi(request);
  const id = await storyWith(request, headers, "Snapping", [
    text("mover", "Mover", 200, 200, 200, 50),
    text("anchor", "Anchor", 1500, 900, 300, 100),
  ]);
  await signIn(page);
  await page.goto(`/demo/stories/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Snapping" })).toBeVisible();
  const scale = await canvasScale(page);

  // Escape while the mover is held puts it back where it was, its guides gone, with nothing to undo.
  const start = await frame(page, "mover").boundingBox();
  if (!start) throw new Error("mover not on screen");
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 150, start.y + start.height / 2 + 90, { steps: 5 });
  await page.keyboard.press("Escape");
  await page.mouse.up();
  expect(await frame(page, "mover").boundingBox()).toEqual(start);
  await expect(canvas(page).locator("[data-guide]:visible")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Undo" })).toBeDisabled();

  // Centre: the mover's centre dragged to 4 screen pixels short of the canvas centre lands exactly on it, a guide
  // across the canvas on each axis while it is held.
  const centred = { x: (2560 - 200) / 2, y: (1440 - 50) / 2 };
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(
    start.x + start.width / 2 + (centred.x - 200) * scale - 4,
    start.y + start.height / 2 + (centred.y - 200) * scale + 4,
    {
      steps: 8,
    },
  );
  await expect(canvas(page).locator('[data-guide="vertical"]')).toBeVisible();
  await expect(canvas(page).locator('[data-guide="horizontal"]')).toBeVisible();
  await shot(page, "21-snapping-to-centre");
  await page.mouse.up();
  await expect(canvas(page).locator("[data-guide]:visible")).toHaveCount(0);
  await expect(panel(page).getByRole("textbox", { name: "X", exact: true })).toHaveValue(String(centred.x));
  await expect(panel(page).getByRole("textbox", { name: "Y", exact: true })).toHaveValue(String(centred.y));
  await saveChanges(page);
  let mover = (await readStory(request, headers, id)).storyDetails.screen.slides[0]?.elements.find((element) => element.id === "mover");
  expect(mover).toMatchObject(centred);

  // Another element: the mover's left edge dragged 3 screen pixels past the anchor's left edge (x 1500) takes the
  // anchor's x; its top, far from every guide, stays where the mouse put it.
  const startY = centred.y;
  await dragBy(page, frame(page, "mover"), (1500 - centred.x) * scale + 3, -400 * scale, "22-snapping-to-element");
  await saveChanges(page);
  mover = (await readStory(request, headers, id)).storyDetails.screen.slides[0]?.elements.find((element) => element.id === "mover");
  expect(mover?.x).toBe(1500);
  expect(Math.abs((mover?.y ?? 0) - (startY - 400))).toBeLessThan(4);

  // Z-order: the mover brought to the front goes above the anchor; an element added next lands on top of both, in
  // the canvas's middle (the quick click that selected the mover left no drag behind for it to follow).
  await panel(page).getByRole("button", { name: "Bring to front" }).click();
  await page.getByRole("button", { name: "Add Element" }).click();
  const types = page.getByRole("dialog", { name: "Select your element" });
  await types.getByRole("button", { name: "Title", exact: true }).click();
  await expect(types).toBeHidden();
  await saveChanges(page);
  const elements = (await readStory(request, headers, id)).storyDetails.screen.slides[0]?.elements ?? [];
  expect(elements.map(({ type, zIndex }) => ({ type, zIndex }))).toEqual([
    { type: "TEXT", zIndex: 2 },
    { type: "TEXT", zIndex: 1 },
    { type: "TITLE", zIndex: 2 },
  ]);
  expect(elements[2]).toMatchObject({ x: (2560 - 200) / 2, y: (1440 - 50) / 2 });
});

test("the Timeline's bars drag a slide's duration and an element's delays, each drag one undo step", async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await signInThroughApi(request);
  const id = await storyWith(request, headers, "Timing", [
    { ...text("words", "Words", 400, 400, 400, 80), animation: { enterAnimationDelay: 1000, leaveAnimationDelay: 3000 } },
    { ...text("late", "Late", 400, 700, 400, 80), animation: { enterAnimationDelay: 0, leaveAnimationDelay: 9000, durationLeave: 1000 } },
  ]);
  await signIn(page);
  await page.goto(`/demo/stories/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Timing" })).toBeVisible();
  await page.getByRole("button", { name: "Timeline" }).click();

  // The slide's end, dragged left by about 7 s of its 10 s, stops at the editor minimum of 5 s.
  const slideEnd = panel(page).getByRole("slider", { name: "End of Slide 1" });
  await expect(slideEnd).toHaveAttribute("aria-valuetext", "10.00 s");
  const track = await slideEnd.locator("xpath=../..").boundingBox();
  if (!track) throw new Error("timeline track not on screen");
  await dragBy(page, slideEnd, -track.width * 0.7, 0);
  await expect(slideEnd).toHaveAttribute("aria-valuetext", "5.00 s");
  // The shorter slide pulled the element leaving at 9 s back inside it: its 1 s leave now ends with the slide.
  const lateLeave = panel(page).getByRole("slider", { name: "Leave of Late" });
  await expect(lateLeave).toHaveAttribute("aria-valuetext", "4.00 s");
  // Then right by a tenth of the (now 5 s) axis plus a little: 0.5 s more, on the 0.25 s grid.
  await dragBy(page, slideEnd, track.width * 0.1 + 2, 0);
  await expect(slideEnd).toHaveAttribute("aria-valuetext", "5.50 s");
  await expect(panel(page).getByText("Story: 5.5 s")).toBeVisible();

  // The element: its whole bar moved later, then its leave stepped with the keys; the Animation section agrees.
  const enter = panel(page).getByRole("slider", { name: "Enter of Words" });
  const leave = panel(page).getByRole("slider", { name: "Leave of Words" });
  await expect(enter).toHaveAttribute("aria-valuetext", "1.00 s");
  await expect(leave).toHaveAttribute("aria-valuetext", "3.00 s");
  const elementTrack = await enter.locator("xpath=../..").boundingBox();
  if (!elementTrack) throw new Error("element track not on screen");
  // The element axis is the slide's 5.5 s: a fifth of the track is 1.1 s, on the grid 1 s.
  await dragBy(page, panel(page).getByRole("button", { name: "Words", exact: true }), elementTrack.width / 5, 0);
  await expect(enter).toHaveAttribute("aria-valuetext", "2.00 s");
  await expect(leave).toHaveAttribute("aria-valuetext", "4.00 s");
  await leave.focus();
  await page.keyboard.press("ArrowRight");
  await expect(leave).toHaveAttribute("aria-valuetext", "4.25 s");
  await shot(page, "23-timeline-dragged");

  // Undo takes back the key step, then the whole bar's move in one go; redo brings both back.
  await page.keyboard.press("Control+z");
  await expect(leave).toHaveAttribute("aria-valuetext", "4.00 s");
  await page.keyboard.press("Control+z");
  await expect(enter).toHaveAttribute("aria-valuetext", "1.00 s");
  await expect(leave).toHaveAttribute("aria-valuetext", "3.00 s");
  await expect(slideEnd).toHaveAttribute("aria-valuetext", "5.50 s");
  await page.keyboard.press("Control+Shift+z");
  await page.keyboard.press("Control+Shift+z");
  await expect(leave).toHaveAttribute("aria-valuetext", "4.25 s");
  await page.getByRole("button", { name: "Animation" }).click();
  await expect(panel(page).getByText("Enter delay: 2.00 s")).toBeVisible();
  await expect(panel(page).getByText("Leave delay: 4.25 s")).toBeVisible();

  await saveChanges(page);
  const slide = (await readStory(request, headers, id)).storyDetails.screen.slides[0];
  expect(slide?.duration).toBe(5500);
  expect(slide?.elements[0]?.animation).toMatchObject({ enterAnimationDelay: 2000, leaveAnimationDelay: 4250 });
  // Lengthening the slide again moved nothing back.
  expect(slide?.elements[1]?.animation).toMatchObject({ enterAnimationDelay: 0, leaveAnimationDelay: 4000 });
});

test("the picker browses the store's folders with thumbnails and the story assets with theirs", async ({ page, request }) => {
  test.setTimeout(150_000);
  const headers = await signInThroughApi(request);
  const post = await apiCreator(request);
  await post("/datastream_types", { dataStream: { code: "se-picture", name: "SE Picture" }, properties: [] });
  await post("/container_types", { container: { code: "se-folder", name: "SE Folder", allowedAtRoot: true }, properties: [] });
  const album = (await post<{ uuid: string }>("/containers", { label: "SE Harbour album", type: "se-folder", properties: [] })).uuid;
  const inner = (await post<{ uuid: string }>(`/containers?to=${album}`, { label: "SE Boats", type: "se-folder", properties: [] })).uuid;
  const picture = await harbourPicture();
  await uploadFile(request, inner, { name: "sail.png", mimeType: "image/png", buffer: picture }, "se-picture");
  await uploadFile(request, inner, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") }, "se-picture");
  const asset = await request.post("/api/assets", {
    headers,
    multipart: {
      data: JSON.stringify({ type: "IMAGE", label: "quay.png", properties: [] }),
      file: { name: "quay.png", mimeType: "image/png", buffer: picture },
    },
  });
  expect(asset.status(), await asset.text()).toBe(201);

  const id = await storyWith(request, headers, "Pictures", [
    { id: "picture", type: "IMAGE", name: "Picture", x: 100, y: 100, width: 400, height: 300, data: {} },
  ]);
  await signIn(page);
  await page.goto(`/demo/stories/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Pictures" })).toBeVisible();

  // Media Content: the uploaded asset with its picture.
  await frame(page, "picture").dblclick();
  const picker = page.getByRole("dialog", { name: "Select an image" });
  await picker.getByRole("tab", { name: "Media Content" }).click();
  // The selected element's handles stay beneath the dialog: none of them is what the pointer finds over the dialog.
  const handlesOverDialog = await page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"]')?.getBoundingClientRect();
    if (!dialog) return -1;
    return [...document.querySelectorAll(".moveable-control")].filter((control) => {
      const box = control.getBoundingClientRect();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      const inside = x > dialog.left && x < dialog.right && y > dialog.top && y < dialog.bottom;
      return inside && document.elementFromPoint(x, y) === control;
    }).length;
  });
  expect(handlesOverDialog).toBe(0);
  const quay = picker.getByRole("button", { name: "quay.png" }).locator("img");
  await expect(quay).toBeVisible();
  await expect.poll(() => quay.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Repox Store Content: folders from the top, then the folder's pictures (not its other files) with thumbnails.
  await picker.getByRole("tab", { name: "Repox Store Content" }).click();
  await picker.getByRole("button", { name: "Open SE Harbour album" }).click();
  await picker.getByRole("button", { name: "Open SE Boats" }).click();
  await expect(picker.getByRole("button", { name: "notes.txt" })).toHaveCount(0);
  const sail = picker.getByRole("button", { name: "sail.png" });
  // The thumbnail job runs in the background; the folder list is read again until it is ready.
  await expect(sail.locator("img")).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => sail.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await shot(page, "24-store-content");
  // A search finds the store's pictures wherever they are, with their thumbnails.
  await picker.getByRole("textbox", { name: "Search the store" }).fill("sail");
  await expect(picker.getByRole("button", { name: "sail.png" }).locator("img")).toBeVisible();
  await expect(picker.getByRole("button", { name: "notes.txt" })).toHaveCount(0);
  await picker.getByRole("textbox", { name: "Search the store" }).fill("");
  // The breadcrumbs go back up.
  await picker.getByRole("button", { name: "SE Harbour album", exact: true }).click();
  await expect(picker.getByRole("button", { name: "Open SE Boats" })).toBeVisible();
  await picker.getByRole("button", { name: "Open SE Boats" }).click();
  await picker.getByRole("button", { name: "sail.png" }).click();
  await expect(picker).toBeHidden();
  await expect(canvas(page).locator('[data-element-type="IMAGE"] img')).toBeVisible();
  // The store picture is 480×320, smaller than the screen: it keeps its size.
  await expect(panel(page).getByRole("textbox", { name: "Width", exact: true })).toHaveValue("480");
  await shot(page, "25-store-picture-placed");

  await saveChanges(page);
  const element = (await readStory(request, headers, id)).storyDetails.screen.slides[0]?.elements[0];
  expect(element).toMatchObject({ width: 480, height: 320, data: { from: "store", dimensionsAreSet: true } });
  expect(element?.data.uuid).toEqual(expect.any(String));
});
