// Files in a container: uploading an image, a two-page PDF and a short video through the upload dialog (progress,
// cancel and its reset), previewing each kind (PDF paging, a seekable video, a text file's head read through its signed
// link), editing a file's label and opening the datastream page with its breadcrumb.
import { existsSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { apiCreator, signInThroughApi } from "./containers-model.ts";
import { pdfOf, shortVideo } from "./media-files.ts";
import { shot, signIn } from "./pages.ts";

test.describe.configure({ mode: "serial" });

const FILE_TYPE = { code: "fl-file", name: "FL File" };
const FOLDER_TYPE = { code: "fl-folder", name: "FL Folder" };
let parent: string;
let folder: string;

const NOTES = "Harbour notes\nTide tables: ü, é and ✓\n";

const fileTile = (page: Page, label: string) =>
  page.getByRole("listbox", { name: "Files" }).getByRole("option", { name: label, exact: true });

test.beforeAll(async ({ request }) => {
  const post = await apiCreator(request);
  await post("/properties", { propertyKey: "fl-caption", displayName: "FL Caption", propertyType: "text" });
  await post("/datastream_types", { dataStream: FILE_TYPE, properties: [{ propertyKey: "fl-caption", position: 0, mandatory: true }] });
  await post("/datastream_types", { dataStream: { code: "fl-other", name: "FL Other" }, properties: [] });
  await post("/container_types", {
    container: { ...FOLDER_TYPE, allowedAtRoot: true, datastreamAcceptance: FILE_TYPE.code },
    properties: [],
  });
  parent = (await post<{ uuid: string }>("/containers", { label: "FL Parent", type: FOLDER_TYPE.code, properties: [] })).uuid;
  folder = (await post<{ uuid: string }>(`/containers?to=${parent}`, { label: "FL Media", type: FOLDER_TYPE.code, properties: [] })).uuid;
});

test("uploads an image, a PDF and a video with progress, cancels one, and previews each kind", async ({ page }) => {
  await signIn(page);
  const picture = await page.screenshot();
  await page.goto(`/demo/containers/${folder}`);
  await page.getByRole("button", { name: "Add content" }).click();
  await page.getByRole("menuitem", { name: "Upload DataStream" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload to FL Media" });
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();

  const files = [
    { name: "harbour.png", mimeType: "image/png", buffer: picture },
    { name: "minutes.pdf", mimeType: "application/pdf", buffer: pdfOf(2) },
  ];
  const hasVideo = existsSync("/usr/bin/ffmpeg");
  if (hasVideo) files.push({ name: "clip.webm", mimeType: "video/webm", buffer: shortVideo() });
  await dialog.locator('input[type="file"]').setInputFiles(files);
  await expect(dialog.getByTestId("upload-row")).toHaveCount(files.length);
  await expect(dialog.getByLabel("Label of harbour.png", { exact: false })).toHaveValue("harbour.png");
  // Only the types the container accepts are offered.
  await dialog.getByRole("combobox", { name: "Type" }).click();
  await expect(page.getByRole("option", { name: "FL Other" })).toHaveCount(0);
  await page.getByRole("option", { name: FILE_TYPE.name }).click();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeEnabled();

  // The mandatory property blocks the save.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("There are required fields need to be filled in order to save")).toBeVisible();
  await dialog.getByRole("textbox", { name: "FL Caption" }).fill("Harbour records");

  // Hold the first upload on its way until it is cancelled, so its progress and its cancel can be seen however slow
  // the machine (a fixed hold let it finish first on a loaded one).
  let held = 0;
  let releaseFirst = () => {};
  const firstCancelled = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  await page.route("**/api/datastreams?to=*", async (route) => {
    held += 1;
    if (held === 1) await firstCancelled;
    await route.continue().catch(() => undefined);
  });
  await dialog.getByRole("button", { name: "Save" }).click();
  const first = dialog.getByTestId("upload-row").first();
  await expect(first).toHaveAttribute("data-status", "uploading");
  await expect(first.getByTestId("upload-percent")).toHaveText(/^\d+%$/);
  await shot(page, "01-upload-progress");
  await first.getByRole("button", { name: "Cancel upload" }).click();
  releaseFirst();
  await expect(first.getByTestId("upload-percent")).toHaveText("Cancelled");
  await shot(page, "02-upload-cancelled");
  // The others go on; the cancelled row is ready again after two seconds.
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(first).toHaveAttribute("data-status", "waiting", { timeout: 5000 });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  for (const file of files) await expect(fileTile(page, file.name)).toBeVisible();
  await shot(page, "03-uploaded");

  await fileTile(page, "harbour.png").dblclick();
  await expect(page).toHaveURL(/\?datastream=/);
  const preview = page.getByRole("dialog", { name: "harbour.png" });
  await expect(preview.getByTestId("preview-image")).toBeVisible();
  await expect.poll(() => preview.getByTestId("preview-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(preview.getByTestId("datastream-info")).toContainText("image/png");
  await expect(preview.getByTestId("datastream-info")).toContainText("Harbour records");
  await shot(page, "04-preview-image");
  await preview.getByRole("button", { name: "Back" }).click();
  await expect(page).not.toHaveURL(/\?datastream=/);

  await fileTile(page, "minutes.pdf").dblclick();
  const pdf = page.getByRole("dialog", { name: "minutes.pdf" });
  await expect(pdf.getByTestId("pdf-page")).toHaveText("Page 1 of 2");
  await expect(pdf.getByRole("button", { name: "Previous" })).toBeDisabled();
  await shot(page, "05-preview-pdf-page-1");
  await pdf.getByRole("button", { name: "Next" }).click();
  await expect(pdf.getByTestId("pdf-page")).toHaveText("Page 2 of 2");
  await expect(pdf.getByRole("button", { name: "Next" })).toBeDisabled();
  await shot(page, "06-preview-pdf-page-2");
  await pdf.getByRole("button", { name: "Back" }).click();

  if (hasVideo) {
    await fileTile(page, "clip.webm").dblclick();
    const video = page.getByRole("dialog", { name: "clip.webm" }).getByTestId("preview-video");
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1);
    // Seeking reads from the middle of the file through a Range request.
    await video.evaluate((element: HTMLVideoElement) => {
      element.currentTime = 1.5;
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(1);
    await shot(page, "07-preview-video");
    await page.getByRole("button", { name: "Back" }).click();
  }
});

test("edits a file's label from the preview and opens the datastream page", async ({ page }) => {
  await signIn(page);
  await page.goto(`/demo/containers/${folder}`);
  await fileTile(page, "minutes.pdf").dblclick();
  const preview = page.getByRole("dialog", { name: "minutes.pdf" });
  await preview.getByRole("button", { name: "File actions" }).click();
  await expect(page.getByRole("menuitem", { name: "Share" })).toBeDisabled();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit datastream" });
  await edit.getByRole("textbox", { name: "Label" }).fill("");
  await expect(edit.getByRole("button", { name: "Save" })).toBeDisabled();
  await edit.getByRole("textbox", { name: "Label" }).fill("Board minutes");
  await shot(page, "08-edit-datastream");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Successfully updated")).toBeVisible();
  await expect(page.getByTestId("preview-title")).toHaveText("Board minutes");

  await page.getByRole("button", { name: "File actions" }).click();
  await page.getByRole("menuitem", { name: "Open page" }).click();
  await expect(page).toHaveURL(/\/demo\/datastreams\//);
  const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
  await expect(crumbs).toContainText("Content");
  await expect(crumbs).toContainText("FL Parent");
  await expect(crumbs).toContainText("FL Media");
  await expect(crumbs).toContainText("Board minutes");
  await expect(page.getByTestId("pdf-page")).toHaveText("Page 1 of 2");
  await expect(page.getByTestId("datastream-info")).toContainText("Harbour records");
  await shot(page, "09-datastream-page");
  await page.getByRole("button", { name: "Show or hide details" }).click();
  await expect(page.getByTestId("datastream-info")).toBeHidden();
  await page.getByRole("link", { name: "FL Media" }).click();
  await expect(page).toHaveURL(new RegExp(`/demo/containers/${folder}$`));
});

test("previews a text file: its first bytes read through the signed link, decoded as UTF-8", async ({ page, request }) => {
  const uploaded = await request.post(`/api/datastreams?to=${folder}`, {
    headers: await signInThroughApi(request),
    multipart: {
      data: JSON.stringify({
        type: FILE_TYPE.code,
        properties: [{ key: "fl-caption", value: JSON.stringify({ values: "Tides", qualifiers: [] }) }],
      }),
      file: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from(NOTES) },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  await signIn(page);
  await page.goto(`/demo/containers/${folder}`);
  await fileTile(page, "notes.txt").dblclick();
  const text = page.getByRole("dialog", { name: "notes.txt" }).getByTestId("preview-text");
  await expect(text).toContainText("Tide tables: ü, é and ✓");
  expect(await text.textContent()).toBe(NOTES);
  await shot(page, "10-preview-text");
});
