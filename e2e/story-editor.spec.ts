// The story editor (spec 3 §2 Story editor, §4, §5, §9): a story made through the API gets slides from the default
// templates and elements of every type; the mouse moves, resizes and rotates them on the canvas, keys nudge and delete,
// undo and redo walk the changes back and forth, an uploaded image larger than the screen is halved, a YouTube link
// gives its id, slides are duplicated with '(copy)' and reordered; the saved story reloads unchanged, leaving with
// unsaved changes asks first, the download modal gives the offline viewer as a ZIP, and the story is deleted.
import { readFile } from "node:fs/promises";
import { expect as baseExpect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";
import { createStory, dragBy, readStory } from "./stories-model.ts";

const expect = baseExpect.configure({ timeout: 15_000 });
test.use({ viewport: { width: 1600, height: 1000 }, actionTimeout: 15_000 });

/** A PNG wider than the 2560 px canvas, so the editor halves it on first load. */
const widePicture = () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

const canvas = (page: Page) => page.getByTestId("story-canvas");
const frameOf = (page: Page, type: string) =>
  canvas(page)
    .locator(`[data-element-type="${type}"]`)
    .first()
    .getAttribute("data-element-id")
    .then((id) => canvas(page).locator(`[data-frame-id="${id}"]`));
const numberField = (page: Page, label: string) => page.getByTestId("settings-panel").getByRole("textbox", { name: label, exact: true });
const fieldValue = async (page: Page, label: string) => Number(await numberField(page, label).inputValue());

async function addElement(page: Page, type: string) {
  await page.getByRole("button", { name: "Add Element" }).click();
  const modal = page.getByRole("dialog", { name: "Select your element" });
  await modal.getByRole("button", { name: type, exact: true }).click();
  await expect(modal).toBeHidden();
}

async function addSlideFromTemplate(page: Page, template: string) {
  await page.getByRole("button", { name: "Add Slide", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Select a Slide Template" });
  await expect(modal.getByRole("tab", { name: "Default Templates" })).toHaveAttribute("aria-selected", "true");
  await expect(modal.getByRole("tab", { name: "Saved Templates" })).toBeVisible();
  await expect(modal.getByRole("button", { name: "Add Slide" })).toBeDisabled();
  await modal.getByRole("button", { name: template, exact: true }).click();
  await modal.getByRole("button", { name: "Add Slide" }).click();
  await expect(modal).toBeHidden();
}

/** Selects an element through its bar on the Timeline (elements may overlap on the canvas). */
async function selectInTimeline(page: Page, label: string) {
  await page.getByTestId("settings-panel").getByRole("button", { name: label, exact: true }).click();
}

test("edits a story: slides, elements, mouse, keys, undo/redo, save and reload", async ({ page, request }) => {
  test.setTimeout(240_000);
  const headers = await signInThroughApi(request);
  const id = await createStory(request, headers, { title: "Editor tour" });
  await signIn(page);
  await page.goto(`/demo/stories/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Editor tour" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Element" })).toBeDisabled();
  await shot(page, "01-empty-story");

  await addSlideFromTemplate(page, "Title");
  await expect(page.getByTestId("slide-strip").getByRole("button", { name: "Slide 1", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Element" })).toBeEnabled();
  await addSlideFromTemplate(page, "Quote");
  await expect(page.getByTestId("slide-strip").getByRole("button", { name: "Slide 2", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByTestId("slide-strip").getByRole("button", { name: "Slide 1", exact: true }).click();
  await shot(page, "02-slides-from-templates");

  // The text first, on its own: moved, resized and rotated with the mouse.
  await addElement(page, "Text");
  await page.getByRole("button", { name: "Timeline" }).click();
  // Move the text with the mouse: the canvas is scaled, so screen pixels become more canvas pixels.
  const text = await frameOf(page, "TEXT");
  const x0 = await fieldValue(page, "X");
  const y0 = await fieldValue(page, "Y");
  await dragBy(page, text, -200, -120);
  const x1 = await fieldValue(page, "X");
  const y1 = await fieldValue(page, "Y");
  expect(x1).toBeLessThan(x0 - 300);
  expect(y1).toBeLessThan(y0 - 200);
  await shot(page, "04-text-moved");

  // Resize from the bottom-right handle.
  const w0 = await fieldValue(page, "Width");
  await dragBy(page, page.locator(".moveable-control.moveable-se"), 80, 40);
  expect(await fieldValue(page, "Width")).toBeGreaterThan(w0 + 100);

  // Rotate: the handle above the element dragged round to its right side turns it by 90°.
  const box = await text.boundingBox();
  const handle = await page.locator(".moveable-rotation-control").boundingBox();
  if (!box || !handle) throw new Error("rotation handle not on screen");
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  const radius = 120;
  for (const degrees of [15, 30, 45, 60, 75, 90]) {
    const radians = ((degrees - 90) * Math.PI) / 180;
    await page.mouse.move(centre.x + radius * Math.cos(radians), centre.y + radius * Math.sin(radians), { steps: 2 });
  }
  await page.mouse.up();
  await expect(page.getByTestId("element-rotation")).toHaveText("90°");
  await shot(page, "05-text-resized-and-rotated");

  // Undo walks back the rotation, the resize and the move; redo brings them back.
  const resized = { width: await fieldValue(page, "Width"), height: await fieldValue(page, "Height") };
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("element-rotation")).toHaveText("0°");
  await page.keyboard.press("Control+z");
  await expect(numberField(page, "Width")).toHaveValue(String(w0));
  await page.keyboard.press("Control+z");
  await expect(numberField(page, "X")).toHaveValue(String(x0));
  await page.keyboard.press("Control+Shift+z");
  await page.keyboard.press("Control+Shift+z");
  await page.keyboard.press("Control+Shift+z");
  await expect(page.getByTestId("element-rotation")).toHaveText("90°");
  await expect(numberField(page, "Width")).toHaveValue(String(resized.width));
  expect(await fieldValue(page, "Height")).toBe(resized.height);

  // Arrow keys nudge by 1 px, with Shift by 10; the rotation buttons step by 45° and wrap past ±315.
  // Keys go to the canvas once it has the focus (a click on the element), not to the panel's own controls.
  await text.click();
  const before = await fieldValue(page, "X");
  const beforeY = await fieldValue(page, "Y");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Shift+ArrowDown");
  await expect(numberField(page, "X")).toHaveValue(String(before + 11));
  await expect(numberField(page, "Y")).toHaveValue(String(beforeY + 10));
  for (let step = 0; step < 5; step++) await page.getByRole("button", { name: "Rotate right 45°" }).click();
  await expect(page.getByTestId("element-rotation")).toHaveText("315°");
  await page.getByRole("button", { name: "Rotate right 45°" }).click();
  await expect(page.getByTestId("element-rotation")).toHaveText("0°");
  await page.getByRole("button", { name: "Rotate left 45°" }).click();
  await expect(page.getByTestId("element-rotation")).toHaveText("-45°");

  // Text data: words, font and weight.
  await page.getByTestId("settings-panel").getByRole("textbox", { name: "Text", exact: true }).fill("Hello from the editor");
  await expect(canvas(page).getByText("Hello from the editor")).toBeVisible();
  await page.getByTestId("settings-panel").getByRole("combobox", { name: "Font", exact: true }).click();
  await page.getByRole("option", { name: "Ubuntu" }).click();

  // Then one element of every other type.
  for (const type of ["Title", "Image", "YouTube", "Vimeo"]) await addElement(page, type);
  for (const type of ["TEXT", "IMAGE", "YOUTUBE", "VIMEO"])
    await expect(canvas(page).locator(`[data-element-type="${type}"]`)).toHaveCount(1);
  await expect(canvas(page).locator('[data-element-type="TITLE"]')).toHaveCount(2);

  // A YouTube link gives its 11-character id.
  await selectInTimeline(page, "YouTube");
  await page.getByTestId("settings-panel").getByRole("textbox", { name: "Video link" }).fill("https://youtu.be/dQw4w9WgXcQ?t=10");
  await expect(page.getByTestId("video-id")).toHaveText("Video id: dQw4w9WgXcQ");
  await numberField(page, "X").fill("100");
  await numberField(page, "Y").fill("100");

  // The Vimeo element goes with the Delete key.
  await selectInTimeline(page, "Vimeo");
  await page.getByTestId("settings-panel").getByText("Vimeo", { exact: true }).first().click();
  await page.keyboard.press("Delete");
  await expect(canvas(page).locator('[data-element-type="VIMEO"]')).toHaveCount(0);
  await page.keyboard.press("Control+z");
  await expect(canvas(page).locator('[data-element-type="VIMEO"]')).toHaveCount(1);
  await page.keyboard.press("Control+Shift+z");
  await expect(canvas(page).locator('[data-element-type="VIMEO"]')).toHaveCount(0);

  // A double-click on the image opens the picker; an upload wider than the screen is halved on first load.
  await selectInTimeline(page, "Image");
  await (await frameOf(page, "IMAGE")).dblclick();
  const picker = page.getByRole("dialog", { name: "Select an image" });
  for (const tab of ["Repox Store Content", "Media Content", "Upload an image"])
    await expect(picker.getByRole("tab", { name: tab })).toBeVisible();
  await picker.getByRole("tab", { name: "Upload an image" }).click();
  await picker.locator('input[type="file"]').setInputFiles({ name: "wide.png", mimeType: "image/png", buffer: await widePicture() });
  await expect(picker.getByRole("tab", { name: "Media Content" })).toHaveAttribute("aria-selected", "true");
  await picker.getByRole("button", { name: "wide.png" }).click();
  await expect(picker).toBeHidden();
  await expect(canvas(page).locator('[data-element-type="IMAGE"] img')).toBeVisible();
  await expect(numberField(page, "Width")).toHaveValue("1500");
  expect(await fieldValue(page, "Height")).toBe(1000);
  await numberField(page, "X").fill("1000");
  await numberField(page, "Y").fill("400");
  await shot(page, "06-every-element-type");

  // Slides: a duplicate gets '(copy)', a drag after the hold reorders, a delete removes.
  const strip = page.getByTestId("slide-strip");
  await strip.locator("[data-slide-card]").first().getByRole("button", { name: "Duplicate Slide" }).click();
  await expect(strip.getByRole("button", { name: "Slide 1 (copy)", exact: true })).toHaveAttribute("aria-pressed", "true");
  await strip.locator("[data-slide-card]").nth(1).getByRole("button", { name: "Duplicate Slide" }).click();
  await expect(strip.getByRole("button", { name: "Slide 1 (copy)", exact: true })).toHaveCount(2);
  await strip.locator("[data-slide-card]").nth(2).getByRole("button", { name: "Delete Slide" }).click();
  await expect(strip.getByRole("button", { name: "Slide 1 (copy)", exact: true })).toHaveCount(1);
  const cardNames = () => strip.locator("[data-slide-card]").evaluateAll((cards) => cards.map((card) => card.textContent));
  expect(await cardNames()).toEqual(["Slide 1", "Slide 1 (copy)", "Slide 2"]);
  const last = strip.locator("[data-slide-card]").nth(2);
  const first = strip.locator("[data-slide-card]").first();
  const from = await last.boundingBox();
  const to = await first.boundingBox();
  if (!from || !to) throw new Error("slide cards not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + 20);
  await page.mouse.down();
  await page.waitForTimeout(120);
  await page.mouse.move(from.x + from.width / 2 - 20, from.y + 20, { steps: 3 });
  await page.mouse.move(to.x + 10, to.y + 20, { steps: 15 });
  await page.mouse.up();
  await expect.poll(cardNames).toEqual(["Slide 2", "Slide 1", "Slide 1 (copy)"]);
  await shot(page, "07-slides-reordered");

  // Save, then read the story back: what the server keeps is what the editor shows after a reload.
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Successfully saved changes")).toBeVisible();
  const saved = await readStory(request, headers, id);
  const slides = saved.storyDetails.screen.slides;
  expect(slides.map((slide) => slide.name)).toEqual(["Slide 2", "Slide 1", "Slide 1 (copy)"]);
  const savedText = slides[1]?.elements.find((element) => element.type === "TEXT");
  expect(savedText).toMatchObject({ rotation: -45, width: resized.width, data: { text: "Hello from the editor", fontFamily: "Ubuntu" } });
  const savedImage = slides[1]?.elements.find((element) => element.type === "IMAGE");
  expect(savedImage).toMatchObject({ x: 1000, y: 400, width: 1500, height: 1000, data: { from: "stories", dimensionsAreSet: true } });
  expect(slides[1]?.elements.find((element) => element.type === "YOUTUBE")).toMatchObject({ data: { id: "dQw4w9WgXcQ" } });
  expect(slides[1]?.elements.some((element) => element.type === "VIMEO")).toBe(false);

  await page.reload();
  await expect(page.getByRole("heading", { name: "Editor tour" })).toBeVisible();
  expect(await cardNames()).toEqual(["Slide 2", "Slide 1", "Slide 1 (copy)"]);
  await strip.getByRole("button", { name: "Slide 1", exact: true }).click();
  await page.getByRole("button", { name: "Timeline" }).click();
  await selectInTimeline(page, "Text");
  await expect(numberField(page, "X")).toHaveValue(String(savedText?.x));
  await expect(page.getByTestId("element-rotation")).toHaveText("-45°");
  await expect(canvas(page).getByText("Hello from the editor")).toBeVisible();
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  expect(await readStory(request, headers, id)).toEqual(saved);
  await shot(page, "08-reloaded");
});

test("story settings, tags, cover, animation, templates, the leave guard, downloads and delete", async ({ page, request }) => {
  test.setTimeout(180_000);
  const headers = await signInThroughApi(request);
  const id = await createStory(request, headers, { title: "Editor tour" });
  await signIn(page);
  await page.goto(`/demo/stories/edit/${id}`);
  await expect(page.getByRole("heading", { name: "Editor tour" })).toBeVisible();
  const panel = page.getByTestId("settings-panel");

  // Title, description and a tag created from 'scope:name' after the search found none.
  await page.getByRole("button", { name: "Story Settings" }).click();
  await panel.getByRole("textbox", { name: "Title" }).fill("Harbour story");
  await expect(page.getByRole("heading", { name: "Harbour story" })).toBeVisible();
  await panel.getByRole("textbox", { name: "Description" }).fill("Boats at noon");
  await panel.getByRole("textbox", { name: "Search tags or type scope:name" }).fill("place:harbour");
  await panel.getByRole("button", { name: "Create place:harbour" }).click();
  await expect(panel.getByText("place:harbour")).toBeVisible();

  // The cover: an upload, then the picker's last page holds it.
  await page.getByRole("button", { name: "Cover Page" }).click();
  await panel.getByRole("button", { name: "Choose cover" }).click();
  const coverPicker = page.getByRole("dialog", { name: "Cover page" });
  await expect(coverPicker.getByRole("tab", { name: "Repox Store Content" })).toHaveCount(0);
  await coverPicker.getByRole("tab", { name: "Upload an image" }).click();
  await coverPicker.locator('input[type="file"]').setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: await widePicture() });
  await coverPicker.getByRole("button", { name: "cover.png" }).click();
  await expect(panel.getByRole("img", { name: "Cover page" })).toBeVisible();

  // A slide, its animation (delays in 0.25 s steps), its duration never below the editor minimum.
  await addSlideFromTemplate(page, "Title and text");
  await page.getByRole("button", { name: "Animation" }).click();
  await panel.getByRole("combobox", { name: "Enter animation" }).click();
  await page.getByRole("option", { name: "fadeInLeft", exact: true }).click();
  const enterDelay = panel.getByRole("slider", { name: "Enter delay" });
  await enterDelay.focus();
  await page.keyboard.press("ArrowRight");
  await expect(panel.getByText("Enter delay: 0.25 s")).toBeVisible();
  await panel.getByRole("textbox", { name: "Duration", exact: true }).fill("2");
  await panel.getByRole("textbox", { name: "Duration", exact: true }).blur();
  await expect(panel.getByRole("textbox", { name: "Duration", exact: true })).toHaveValue("5 s");

  // Save the slide as a template: the Saved Templates tab offers it for the next slide.
  await panel.getByRole("button", { name: "Save as template" }).click();
  const templateModal = page.getByRole("dialog", { name: "Save as template" });
  await templateModal.getByRole("textbox", { name: "Template title" }).fill("Harbour intro");
  await templateModal.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully saved template")).toBeVisible();
  await page.getByRole("button", { name: "Add Slide", exact: true }).click();
  const templates = page.getByRole("dialog", { name: "Select a Slide Template" });
  await templates.getByRole("tab", { name: "Saved Templates" }).click();
  await templates.getByRole("button", { name: "Harbour intro" }).click();
  await templates.getByRole("button", { name: "Add Slide" }).click();
  await expect(page.getByTestId("slide-strip").getByRole("button", { name: "Slide 2", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await shot(page, "11-settings-and-templates");

  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Stories" }).first().click();
  const guard = page.getByRole("dialog", { name: "Unsaved changes" });
  await expect(guard).toBeVisible();
  await guard.getByRole("button", { name: "Stay" }).click();
  await expect(page).toHaveURL(new RegExp(`/stories/edit/${id}$`));

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Successfully saved changes")).toBeVisible();
  const saved = await readStory(request, headers, id);
  expect(saved).toMatchObject({ title: "Harbour story", description: "Boats at noon", tags: [{ name: "harbour", scope: "place" }] });
  expect(saved.coverPage).not.toBeNull();
  const [first, second] = saved.storyDetails.screen.slides;
  expect(first?.animation).toMatchObject({ enterAnimation: "fadeInLeft", enterAnimationDelay: 250, leaveAnimationDelay: 10_000 });
  expect(second?.animation).toMatchObject({ enterAnimationDelay: 11_000, leaveAnimationDelay: 20_000 });

  // Download: 'Export' waits for a choice; the offline viewer comes down as a ZIP (the stills are compared with the
  // viewer in story-exports.spec.ts, the offline viewer played from file:// in story-offline.spec.ts).
  await page.getByRole("button", { name: "Download" }).click();
  const download = page.getByRole("dialog", { name: "Download Story" });
  await expect(download.getByRole("button", { name: "Export" })).toBeDisabled();
  for (const option of ["Stills FHD", "Stills QHD", "Video FHD", "Offline viewer"])
    await expect(download.getByRole("button", { name: new RegExp(`^${option}`) })).toBeVisible();
  await download.getByRole("button", { name: /^Offline viewer/ }).click();
  await shot(page, "12-download-modal");
  const [zip] = await Promise.all([page.waitForEvent("download"), download.getByRole("button", { name: "Export" }).click()]);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile(await zip.path());
  expect(bytes.subarray(0, 2).toString()).toBe("PK");
  await expect(download).toBeHidden();

  // Preview opens the viewer in a new tab.
  const [viewer] = await Promise.all([page.waitForEvent("popup"), page.getByRole("button", { name: "Preview" }).click()]);
  await expect(viewer).toHaveURL(new RegExp(`/demo/repox-story/${id}$`));
  await viewer.close();

  await page.getByRole("button", { name: "Delete story" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted story")).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/stories$/);
  expect((await request.get(`/api/stories/${id}`, { headers })).status()).toBe(404);
});
