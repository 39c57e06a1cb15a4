// Guide creator (spec 3 §2 Guide creator, §5 Guide, §9 Guide; issue 14 Guides): the empty /guide list, a guide made in
// /guide/new through the accordion (flags, a logo refused for its size then one accepted, the cover, welcome texts
// with the link back to the languages, three onboarding pictures reordered), the phone preview with its SKIP carousel,
// Create enabled only when §5 is met and saving for real, publishing, the public JSON read back (sized images, the
// onboarding order), the public preview page without sign-in, and unpublishing it. Pictures are made here with sharp.
import { createHash } from "node:crypto";
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { signInThroughApi } from "./containers-model.ts";
import { shot, signIn } from "./pages.ts";

// Pages load slowly on a busy 2-core machine; the waits are for appearing, never for time passing.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ mode: "serial", timeout: 150_000 });

type Picture = { label: string; width: number; height: number; colour: string; text: string };

const PICTURES = {
  logo: { label: "Guide logo", width: 2296, height: 498, colour: "#0b3d91", text: "NAXOS WALKS" },
  smallLogo: { label: "Small logo", width: 574, height: 125, colour: "#868e96", text: "small" },
  cover: { label: "Guide cover", width: 1920, height: 1200, colour: "#1c7ed6", text: "Cover" },
  first: { label: "Onboarding one", width: 600, height: 1200, colour: "#2f9e44", text: "1" },
  second: { label: "Onboarding two", width: 600, height: 1200, colour: "#e8590c", text: "2" },
  third: { label: "Onboarding three", width: 600, height: 1200, colour: "#ae3ec9", text: "3" },
} satisfies Record<string, Picture>;
type PictureName = keyof typeof PICTURES;

function pictureOf({ width, height, colour, text }: Picture): Promise<Buffer> {
  const size = Math.round(height / 3);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="${colour}"/>
    <text x="50%" y="50%" font-size="${size}" font-family="sans-serif" fill="#fff" text-anchor="middle" dominant-baseline="middle">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

type Uploaded = { uuid: string; sha256: string };

async function uploadPictures(request: APIRequestContext): Promise<Record<PictureName, Uploaded>> {
  const headers = await signInThroughApi(request);
  const uploaded: Partial<Record<PictureName, Uploaded>> = {};
  for (const [name, picture] of Object.entries(PICTURES) as [PictureName, Picture][]) {
    const buffer = await pictureOf(picture);
    const response = await request.post("/api/assets", {
      headers,
      multipart: {
        data: JSON.stringify({ type: "IMAGE", label: picture.label, properties: [] }),
        file: { name: `${name}.png`, mimeType: "image/png", buffer },
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    uploaded[name] = { uuid: (await response.json()).uuid, sha256: createHash("sha256").update(buffer).digest("hex") };
  }
  return uploaded as Record<PictureName, Uploaded>;
}

let pictures: Record<PictureName, Uploaded>;
let guideId: string;

const section = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const phone = (page: Page) => page.getByTestId("guide-phone");
const createButton = (page: Page) => page.getByRole("button", { name: "Create", exact: true });

/** Opens the asset picker of a field and picks the story asset `name` from 'Media Content'. */
async function pickPicture(page: Page, opener: ReturnType<Page["getByRole"]>, name: PictureName) {
  await opener.click();
  const dialog = page.getByRole("dialog");
  await dialog.locator(`[data-asset="${pictures[name].uuid}"]`).click();
  await expect(dialog).toBeHidden();
}

async function imageSize(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  const meta = await sharp(await response.body()).metadata();
  return { width: meta.width, height: meta.height };
}

test.beforeAll(async ({ request }) => {
  pictures = await uploadPictures(request);
});

test("/guide before any guide: 'No Guides found' and the 'Add new Guide' card", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/guide");
  await expect(page.getByText("No Guides found")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add new Guide" })).toBeVisible();
  await shot(page, "guides-empty");
  await page.getByRole("link", { name: "Add new Guide" }).click();
  await expect(page).toHaveURL(/\/demo\/guide\/new$/);
  await expect(page.getByRole("heading", { name: "New Guide" })).toBeVisible();
});

test("a guide made in the creator: Create enabled per §5, onboarding reordered, previewed and saved", async ({ page }) => {
  await signIn(page);
  await page.goto("/demo/guide/new");
  await expect(createButton(page)).toBeDisabled();
  await expect(phone(page)).toBeVisible();
  await shot(page, "guide-new-empty");

  // Welcome Text without a language: the link back to the language selection.
  await section(page, "Welcome Text").click();
  await expect(page.getByText("Select at least one language to write its welcome text.")).toBeVisible();
  await shot(page, "guide-new-welcome-without-language");
  await page.getByRole("button", { name: "Go to language selection" }).click();
  await expect(page.getByLabel("Title")).toBeVisible();

  await page.getByLabel("Title").fill("Naxos walks");
  await page.getByLabel("Description").fill("Paths across the island, from Chora to the mountain villages");
  const flags = page.getByTestId("guide-languages");
  await flags.getByText("GR", { exact: true }).click();
  await flags.getByText("US", { exact: true }).click();
  await expect(createButton(page)).toBeDisabled();

  // Splash Screen: a logo too small is refused with the size it must have; the right ones are shown on the phone.
  await section(page, "Splash Screen").click();
  const logoField = page.getByTestId("guide-logo");
  await pickPicture(page, logoField.getByRole("button", { name: "Choose image" }), "smallLogo");
  await expect(page.getByText("the image must be 1148×249 pixels, or larger in the same shape; this one is 574×125")).toBeVisible();
  await pickPicture(page, logoField.getByRole("button", { name: "Choose image" }), "logo");
  await pickPicture(page, page.getByTestId("guide-cover").getByRole("button", { name: "Choose image" }), "cover");
  await expect(phone(page).getByTestId("phone-logo")).toBeVisible();
  await expect(phone(page).getByTestId("phone-cover")).toBeVisible();
  await expect(createButton(page)).toBeDisabled();
  await shot(page, "guide-new-splash");

  // Welcome Text: one input per selected language; the first welcome text enables Create.
  await section(page, "Welcome Text").click();
  await page.getByTestId("welcome-GR").fill("Καλώς ήρθατε στη Νάξο");
  await expect(createButton(page)).toBeEnabled();
  await page.getByTestId("welcome-US").fill("Welcome to Naxos");
  await expect(phone(page)).toHaveAttribute("data-screen", "welcome");
  await expect(phone(page).getByTestId("phone-welcome-text")).toHaveText("Καλώς ήρθατε στη Νάξο");
  await phone(page).getByRole("button", { name: "English (US)" }).click();
  await expect(phone(page).getByTestId("phone-welcome-text")).toHaveText("Welcome to Naxos");
  await shot(page, "guide-new-welcome");

  // Onboarding: three pictures, then the third moved to the front (hold-and-drag's keyboard twin of dnd-kit).
  await section(page, "Onboarding").click();
  for (const name of ["first", "second", "third"] as const) {
    await pickPicture(page, page.getByRole("button", { name: "Add image" }), name);
  }
  const tiles = page.getByTestId("onboarding-tile");
  await expect(tiles).toHaveCount(3);
  const order = () => tiles.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-asset")));
  await tiles.nth(2).focus();
  // Each arrow waits for what a screen reader hears: a key pressed before the last move was drawn moves from the old place.
  await page.keyboard.press("Space");
  await expect(tiles.nth(2)).toHaveAttribute("aria-pressed", "true");
  // dnd-kit's keyboard sensor starts listening for the arrows in a timer it sets as the drag starts (CI once lost the
  // first arrow to it): a timer set now fires after that one.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Onboarding image 3 was moved over Onboarding image 2.")).toBeAttached();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Onboarding image 3 was moved over Onboarding image 1.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("Onboarding image 3 was dropped over Onboarding image 1.")).toBeAttached();
  await expect.poll(order).toEqual([pictures.third.uuid, pictures.first.uuid, pictures.second.uuid]);

  // The carousel on the phone: the pictures in that order, SKIP goes to the welcome screen.
  await expect(phone(page)).toHaveAttribute("data-screen", "onboarding");
  await expect(phone(page).getByRole("button", { name: "SKIP" })).toBeVisible();
  await expect(phone(page).getByTestId("phone-onboarding-image")).toHaveAttribute("alt", "Onboarding image 1");
  await shot(page, "guide-new-onboarding");
  await phone(page).getByRole("button", { name: "Next image" }).click();
  await expect(phone(page).getByTestId("phone-onboarding-image")).toHaveAttribute("alt", "Onboarding image 2");
  await phone(page).getByRole("button", { name: "SKIP" }).click();
  await expect(phone(page)).toHaveAttribute("data-screen", "welcome");

  await createButton(page).click();
  await expect(page.getByText("Successfully created")).toBeVisible();
  await expect(page).toHaveURL(/\/demo\/guide\/edit\/[0-9a-f-]{36}$/);
  guideId = page.url().split("/").pop() ?? "";
  await expect(page.getByTestId("guide-state")).toHaveText("Draft");
  await expect(page.getByRole("button", { name: "No changes to save" })).toBeDisabled();
  await shot(page, "guide-edit-draft");
});

test("published, read back from the public JSON with sized images, and previewed without sign-in", async ({ page, browser, request }) => {
  const draft = await request.get(`/api/pub/guides/${guideId}`, { headers: { "X-TenantID": "demo" } });
  expect(draft.status()).toBe(404);

  await signIn(page);
  await page.goto(`/demo/guide/edit/${guideId}`);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Guide published")).toBeVisible();
  await expect(page.getByTestId("guide-state")).toHaveText("Published");
  await shot(page, "guide-edit-published");

  const answer = await request.get(`/api/pub/guides/${guideId}`, { headers: { "X-TenantID": "demo" } });
  expect(answer.status()).toBe(200);
  const guide = await answer.json();
  expect(guide).toMatchObject({
    title: "Naxos walks",
    languages: ["GR", "US"],
    welcomeTexts: { GR: "Καλώς ήρθατε στη Νάξο", US: "Welcome to Naxos" },
  });
  const onboardingFiles = guide.onboarding.map((image: { url: string }) => image.url.split("/images/")[1]?.split("?")[0]);
  expect(onboardingFiles).toEqual([pictures.third.sha256, pictures.first.sha256, pictures.second.sha256]);
  // Links a mobile app opens without any header or sign-in; logo and cover are the sized copies.
  expect(await imageSize(request, guide.logoUrl)).toEqual({ width: 1148, height: 249 });
  expect(await imageSize(request, guide.coverUrl)).toEqual({ width: 1920, height: 1200 });
  expect(await imageSize(request, guide.onboarding[0].url)).toEqual({ width: 600, height: 1200 });

  // The public preview page in a browser that never signed in.
  const visitor = await browser.newContext();
  const preview = await visitor.newPage();
  await preview.goto(`/demo/guide-preview/${guideId}`);
  await expect(preview.getByRole("heading", { name: "Naxos walks" })).toBeVisible();
  const cover = phone(preview).getByTestId("phone-cover");
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1920);
  await shot(preview, "guide-preview-splash");
  await preview.getByText("Onboarding", { exact: true }).click();
  await expect(phone(preview).getByTestId("phone-onboarding-image")).toBeVisible();
  await shot(preview, "guide-preview-onboarding");

  // The list shows it with its cover.
  await page.goto("/demo/guide");
  await expect(page.getByTestId("guide-card")).toHaveCount(1);
  await expect(page.getByTestId("guide-card").getByText("Published")).toBeVisible();
  await shot(page, "guides-list");

  // Unpublished: the public JSON and the preview page are gone.
  await page.goto(`/demo/guide/edit/${guideId}`);
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Guide unpublished")).toBeVisible();
  expect((await request.get(`/api/pub/guides/${guideId}`, { headers: { "X-TenantID": "demo" } })).status()).toBe(404);
  await preview.reload();
  await expect(preview.getByText("This guide is not available")).toBeVisible();
  await shot(preview, "guide-preview-unpublished");
  await visitor.close();
});
