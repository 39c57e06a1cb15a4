// Websites (spec 3 §2 Websites, §7; issue 14): an operator creates a website, assigns a story through the 'Push story'
// dialog, sees the live preview and takes the embed code; a page served from another origin frames the embed and the
// story plays there, its picture loaded through the website's public media route; the website is deleted. Then the
// /screen-app page with its kiosk steps, the player address and its QR code. Screenshots of every screen.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { signInThroughApi } from "./containers-model.ts";
import { shot } from "./pages.ts";
import { created, storePicture } from "./stories-model.ts";

test.describe.configure({ mode: "serial" });

const TENANT = "demo";
const STORY_TITLE = "Harbour lights";
let authUser: unknown;
let websiteId = "";

function storyWith(picture: string) {
  const still = {
    enterAnimation: "fadeIn",
    enterAnimationDelay: 0,
    durationEnter: 500,
    leaveAnimation: "fadeOut",
    leaveAnimationDelay: 60_000,
    durationLeave: 500,
  };
  return {
    title: STORY_TITLE,
    description: "A story published on the museum's site",
    aspectRatio: "16:9",
    orientation: "LANDSCAPE",
    storyDetails: {
      screen: {
        slides: [
          {
            id: "s1",
            name: "Quay",
            duration: 60_000,
            background: { color: "#1e3a5f" },
            elements: [
              {
                id: "t1",
                type: "TITLE",
                x: 160,
                y: 120,
                width: 2240,
                height: 260,
                data: { text: STORY_TITLE, color: "#ffffff", fontSize: 180, fontFamily: "Roboto", fontWeight: 700, textAlign: "center" },
                animation: still,
              },
              {
                id: "p1",
                type: "IMAGE",
                x: 800,
                y: 520,
                width: 960,
                height: 640,
                zIndex: 2,
                rotation: 0,
                data: { uuid: picture, from: "store", lockAspectRatio: true, dimensionsAreSet: true },
                animation: still,
              },
            ],
          },
        ],
      },
    },
  };
}

/** The session goes into localStorage before the first script runs (the login page has its own specs). */
async function signIn(page: Page) {
  await page.addInitScript(([key, user]) => localStorage.setItem(key, user), [`authUser:${TENANT}`, JSON.stringify(authUser)] as const);
}

test.beforeAll(async ({ request }) => {
  const session = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": TENANT },
    data: { username: "admin", password: E2E_ADMIN_PASSWORD },
  });
  expect(session.status()).toBe(200);
  authUser = await session.json();
  const headers = await signInThroughApi(request);
  await created(request, headers, "/stories", storyWith(await storePicture(request, headers, "ws", "Website pictures")));
});

test("an operator creates a website, assigns a story, previews it and takes the embed code", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  await page.goto(`/${TENANT}/websites`);
  await expect(page.getByRole("link", { name: "Add new website" })).toBeVisible({ timeout: 20_000 });
  await shot(page, "websites-empty-list");

  await page.getByRole("link", { name: "Add new website" }).click();
  await expect(page).toHaveURL(/\/websites\/new$/);
  await expect(page.getByRole("tab", { name: "Activity" })).toBeDisabled();
  await expect(page.getByText("Assign a story to see a preview here")).toBeVisible();
  const save = page.getByRole("button", { name: "No changes to save" });
  await expect(save).toBeDisabled();
  await page.getByLabel("Website name").fill("Museum front page");
  await page.getByLabel("Website description").fill("The story on the museum's home page");
  await shot(page, "website-new");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/websites\/edit\/[0-9a-f-]{36}$/);
  websiteId = page.url().split("/").pop() ?? "";
  await expect(page.getByRole("button", { name: "No changes to save" })).toBeDisabled();
  await expect(page.getByTestId("assigned-story")).toContainText("No story assigned");
  await expect(page.getByRole("button", { name: "Remove story" })).toBeDisabled();

  // 'Assign story' opens the 'Push story' browser; Assign only once a story is picked.
  await page.getByRole("button", { name: "Assign story" }).click();
  const picker = page.getByRole("dialog", { name: "Push story" });
  await expect(picker).toBeVisible();
  const assign = picker.getByRole("button", { name: "Assign" });
  await expect(assign).toBeDisabled();
  await picker.getByRole("button", { name: STORY_TITLE }).click();
  await expect(assign).toBeEnabled();
  await shot(page, "website-push-story-dialog");
  await assign.click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId("assigned-story")).toContainText(STORY_TITLE);
  await expect(page.getByRole("button", { name: "Remove story" })).toBeEnabled();

  // The live preview is the embed itself, playing the story.
  const preview = page.frameLocator('[data-testid="website-preview"]');
  await expect(preview.locator("[data-story-canvas]")).toBeVisible({ timeout: 30_000 });
  await expect(preview.getByText(STORY_TITLE)).toBeVisible();
  await shot(page, "website-editor");

  // The embed code: 640×480 by default, the size follows the fields, Responsive wraps it; Copy says so.
  await page.getByRole("button", { name: "Embed code" }).click();
  const dialog = page.getByRole("dialog", { name: "Embed code" });
  const code = dialog.getByTestId("embed-code");
  await expect(code).toHaveAttribute("readonly", "");
  await expect(code).toHaveValue(
    new RegExp(`src="http://127\\.0\\.0\\.1:\\d+/${TENANT}/story-embed/${websiteId}".*width="640" height="480"`),
  );
  await dialog.getByLabel("Width").fill("800");
  await dialog.getByLabel("Height").fill("600");
  await expect(code).toHaveValue(/width="800" height="600"/);
  await dialog.getByLabel("Responsive").check();
  await expect(code).toHaveValue(/padding-top:75%/);
  await shot(page, "website-embed-code-dialog");
  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByText("Link copied to clipboard!")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`/${TENANT}/story-embed/${websiteId}`);
  await page.keyboard.press("Escape");

  await page.getByRole("tab", { name: "Activity" }).click();
  await expect(page).toHaveURL(new RegExp(`/websites/edit/${websiteId}/activity$`));
  await expect(page.getByTestId("activity-timeline")).toContainText(`Assigned story '${STORY_TITLE}'`);
  await expect(page.getByTestId("activity-timeline")).toContainText("Created website 'Museum front page'");
  await shot(page, "website-activity");

  await page.goto(`/${TENANT}/websites`);
  await expect(page.getByTestId("website-card")).toHaveCount(1);
  await expect(page.getByTestId("website-card")).toContainText(STORY_TITLE);
  await shot(page, "websites-list");
});

test("a page of another site frames the website's story and it plays", async ({ page, baseURL }) => {
  const embedSrc = `${baseURL}/${TENANT}/story-embed/${websiteId}`;
  const site: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><title>Museum</title><h1>Welcome to the museum</h1><iframe src="${embedSrc}" title="Our story" width="800" height="450" style="border:0" allow="fullscreen; autoplay"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = site.address() as AddressInfo;
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect(page.getByRole("heading", { name: "Welcome to the museum" })).toBeVisible();
    const embed = page.frameLocator('iframe[title="Our story"]');
    await expect(embed.locator("[data-story-canvas]")).toBeVisible({ timeout: 30_000 });
    await expect(embed.getByText(STORY_TITLE)).toBeVisible();
    // The picture came through the website's public media route and was decoded.
    const picture = embed.locator('[data-element-id="p1"] img');
    await expect(picture).toBeVisible();
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await shot(page, "website-embedded-on-another-site");

    // Other pages of the app refuse to be framed there: the browser shows its error page in the frame instead.
    await page.evaluate((src) => {
      const frame = document.querySelector("iframe");
      if (frame) frame.src = src;
    }, `${baseURL}/${TENANT}/websites`);
    await expect.poll(() => page.frames().some((frame) => frame.url().startsWith("chrome-error://"))).toBe(true);
  } finally {
    await new Promise((resolve) => site.close(resolve));
  }
});

test("the screen-app page shows the kiosk steps of each system with the player's address and a QR code", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  await page.goto(`/${TENANT}/screen-app`);
  const playerUrl = `${baseURL}/${TENANT}/player`;
  await expect(page.getByTestId("player-url")).toHaveValue(playerUrl, { timeout: 20_000 });
  await expect(page.getByTestId("qr-code")).toBeVisible();
  await shot(page, "screen-app");
  for (const [system, command] of [
    ["Windows", `msedge.exe --kiosk "${playerUrl}"`],
    ["Linux", `chromium --kiosk "${playerUrl}"`],
    ["MacOS", `open -a "Google Chrome" --args --kiosk "${playerUrl}"`],
  ] as const) {
    await page.getByRole("button", { name: system }).click();
    const steps = page.getByRole("dialog", { name: system });
    await expect(steps).toContainText(command);
    await shot(page, `screen-app-${system.toLowerCase()}`);
    await page.keyboard.press("Escape");
    await expect(steps).toBeHidden();
  }
});

test("deleting the website says so and goes back to the list", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signIn(page);
  await page.goto(`/${TENANT}/websites/edit/${websiteId}`);
  await page.getByRole("button", { name: "Delete website" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await shot(page, "website-delete-confirmation");
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Successfully deleted website")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${TENANT}/websites$`));
  await expect(page.getByTestId("website-card")).toHaveCount(0);
  // The embed now says there is nothing to play.
  await page.goto(`/${TENANT}/story-embed/${websiteId}`);
  await expect(page.getByTestId("embed-message")).toHaveText(`Website ${websiteId} not found`);
  await shot(page, "website-embed-not-found");
});
