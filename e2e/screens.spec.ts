// Screens and the browser player (issue 14), with two browser contexts: the player shows a PIN; the operator creates a
// screen, pairs it with that PIN and pushes a story, which the player plays within 2 s; the operator asks for a
// screenshot and sees what the player shows; the player goes offline, reloads and keeps playing; the operator unpairs
// and the player shows a new PIN.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN_PASSWORD } from "./constants.ts";
import { signInThroughApi } from "./containers-model.ts";
import { shot } from "./pages.ts";
import { created, storePicture } from "./stories-model.ts";

test.describe.configure({ mode: "serial" });

const TENANT = "demo";
const STORY_TITLE = "Harbour screen";
const HEADLINE = "Welcome to the harbour";

const still = {
  enterAnimation: "fadeIn",
  enterAnimationDelay: 0,
  durationEnter: 300,
  leaveAnimation: "fadeOut",
  leaveAnimationDelay: 59_000,
  durationLeave: 300,
};

function storyOf(picture: string, title = STORY_TITLE, headline = HEADLINE) {
  return {
    title,
    description: "Shown in the lobby",
    aspectRatio: "16:9",
    orientation: "LANDSCAPE",
    storyDetails: {
      screen: {
        slides: [
          {
            id: "s1",
            name: "Lobby",
            duration: 60_000,
            background: { color: "#1e3a5f" },
            elements: [
              {
                id: "t1",
                type: "TITLE",
                x: 160,
                y: 160,
                width: 2240,
                height: 260,
                data: { text: headline, color: "#ffffff", fontSize: 160, fontFamily: "Roboto", fontWeight: 700 },
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

let authUser: unknown;

test.beforeAll(async ({ request }) => {
  const session = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": TENANT },
    data: { username: "admin", password: E2E_ADMIN_PASSWORD },
  });
  authUser = await session.json();
  const headers = await signInThroughApi(request);
  await created(request, headers, "/stories", storyOf(await storePicture(request, headers, "scr", "Screen pictures")));
});

async function operatorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(([key, user]) => localStorage.setItem(key, user), [`authUser:${TENANT}`, JSON.stringify(authUser)] as const);
  return context.newPage();
}

test("a browser player pairs by PIN, plays the pushed story, answers a screenshot, plays offline and unpairs", async ({ browser }) => {
  test.setTimeout(180_000);
  const playerContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  // The wake lock the player asks for, recorded (headless Chromium has no display to keep awake).
  await playerContext.addInitScript(() => {
    const asked: string[] = [];
    Object.assign(window, { wakeLocksAsked: asked });
    const sentinel = { released: false, release: async () => undefined, addEventListener: () => undefined };
    Object.defineProperty(navigator, "wakeLock", {
      configurable: true,
      value: {
        request: async (type: string) => {
          asked.push(type);
          return sentinel;
        },
      },
    });
  });
  // Whether the story's font was there when the player switched to the story (it must be fetched before).
  await playerContext.addInitScript(() => {
    const fontsAtSwitch: boolean[] = [];
    Object.assign(window, { fontsAtSwitch });
    let shown: Element | null = null;
    new MutationObserver(() => {
      const stage = document.querySelector('[data-testid="player-stage"][data-story-id]');
      if (stage && stage !== shown) fontsAtSwitch.push(document.fonts.check('normal 700 16px "Roboto"', "W"));
      shown = stage;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const player = await playerContext.newPage();
  await player.goto(`/${TENANT}/player`);
  const pin = player.getByTestId("player-pin");
  await expect(pin).toHaveText(/^\d{6}$/, { timeout: 20_000 });
  await expect(player.getByText("To show stories here, enter this PIN in Repox: Screens, then Pair screen")).toBeVisible();
  const firstPin = (await pin.textContent()) ?? "";
  // Kiosk manners: the display kept awake, no pointer over the screen.
  expect(await player.evaluate(() => (window as unknown as { wakeLocksAsked: string[] }).wakeLocksAsked)).toEqual(["screen"]);
  expect(await pin.evaluate((element) => getComputedStyle(element).cursor)).toBe("none");
  await shot(player, "player-pin");

  const operator = await operatorPage(browser);
  await operator.goto(`/${TENANT}/screens`);
  await expect(operator.getByTestId("add-screen")).toBeVisible({ timeout: 20_000 });
  await shot(operator, "screens-empty");
  await operator.getByTestId("add-screen").click();
  await expect(operator.getByRole("tab", { name: "Activity" })).toBeDisabled();
  await expect(operator.getByRole("button", { name: "No changes to save" })).toBeDisabled();
  await operator.getByLabel("Screen name").fill("Lobby screen");
  await operator.getByLabel("Screen description").fill("By the main door");
  await shot(operator, "screen-new");
  await operator.getByRole("button", { name: "Save changes" }).click();
  await expect(operator).toHaveURL(/\/screens\/edit\/[0-9a-f-]{36}$/);
  await expect(operator.getByTestId("paired-badge")).toHaveText("NOT PAIRED");

  await operator.getByRole("button", { name: "Pair screen" }).click();
  const dialog = operator.getByRole("dialog", { name: "Pair screen" });
  await expect(dialog.getByPlaceholder("132134")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Pair" })).toBeDisabled();
  await dialog.getByLabel("PIN number").fill("000");
  await expect(dialog.getByRole("button", { name: "Pair" })).toBeDisabled();
  await dialog.getByLabel("PIN number").fill(firstPin === "999999" ? "999998" : "999999");
  await dialog.getByRole("button", { name: "Pair" }).click();
  await expect(dialog.getByText("Invalid or expired PIN")).toBeVisible();
  await dialog.getByLabel("PIN number").fill(firstPin);
  await shot(operator, "screen-pair-dialog");
  await dialog.getByRole("button", { name: "Pair" }).click();
  await expect(dialog).toBeHidden();
  await expect(operator.getByTestId("paired-badge")).toHaveText("PAIRED");
  await expect(operator.getByRole("button", { name: "Remove story" })).toBeDisabled();
  await expect(player.getByText("No story assigned")).toBeVisible({ timeout: 10_000 });
  await shot(player, "player-no-story");

  await operator.getByRole("button", { name: "Push story" }).click();
  const picker = operator.getByRole("dialog", { name: "Push story" });
  await expect(picker.getByRole("button", { name: "Push" })).toBeDisabled();
  await picker.getByRole("button", { name: STORY_TITLE }).click();
  await shot(operator, "screen-push-dialog");
  await picker.getByRole("button", { name: "Push" }).click();
  const pushedAt = Date.now();
  await expect(player.getByText(HEADLINE)).toBeVisible({ timeout: 2_000 });
  expect(Date.now() - pushedAt).toBeLessThan(2_000);
  await expect(player.locator("[data-testid=player-stage] img").first()).toBeVisible();
  expect(await player.evaluate(() => (window as unknown as { fontsAtSwitch: boolean[] }).fontsAtSwitch)).toEqual([true]);
  expect(await player.getByText(HEADLINE).evaluate((element) => getComputedStyle(element).cursor)).toBe("none");
  await expect(operator.getByTestId("assigned-story")).toContainText(STORY_TITLE);
  // The slide and its elements have faded in (CI once captured the stage a third of the way through the fade).
  await expect(player.locator('[data-element-id="t1"]')).toHaveAttribute("data-phase", "shown");
  await expect(player.locator('[data-element-id="p1"]')).toHaveAttribute("data-phase", "shown");
  await expect.poll(() => player.locator('[data-slide-id="s1"]').evaluate((node) => getComputedStyle(node).opacity)).toBe("1");
  await shot(player, "player-playing");

  await operator.getByRole("button", { name: "Refresh screenshot" }).click();
  const preview = operator.getByTestId("screen-preview");
  await expect(preview).toBeVisible({ timeout: 15_000 });
  // The capture is the player's stage: mostly the slide's dark blue, not an empty frame.
  const colour = await preview.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const ctx = canvas.getContext("2d");
    ctx?.drawImage(image, 0, 0);
    const pixel = ctx?.getImageData(20, Math.floor(image.naturalHeight / 2), 1, 1).data ?? [];
    return [...pixel].slice(0, 3);
  });
  expect(Math.abs((colour[0] ?? 0) - 0x1e)).toBeLessThan(24);
  expect(Math.abs((colour[2] ?? 0) - 0x5f)).toBeLessThan(24);
  await expect(operator.getByTestId("last-seen")).not.toContainText("—");
  await shot(operator, "screen-paired-with-screenshot");

  await playerContext.setOffline(true);
  await player.reload();
  await expect(player.getByText(HEADLINE)).toBeVisible({ timeout: 15_000 });
  await expect(player.locator("[data-testid=player-stage] img").first()).toBeVisible();
  await shot(player, "player-offline-reloaded");
  await playerContext.setOffline(false);

  await operator.getByRole("button", { name: "Unpair" }).click();
  await expect(operator.getByText("Are you sure you wish to unpair this screen?")).toBeVisible();
  await shot(operator, "screen-unpair-confirmation");
  await operator.getByRole("dialog").getByRole("button", { name: "Unpair" }).click();
  await expect(operator.getByTestId("paired-badge")).toHaveText("NOT PAIRED", { timeout: 10_000 });
  await expect(pin).toHaveText(/^\d{6}$/, { timeout: 45_000 });
  await shot(player, "player-new-pin");

  await operator.getByRole("tab", { name: "Activity" }).click();
  await expect(operator.getByText("Unpaired the screen")).toBeVisible();
  // The title and its round buttons stay above the tabs, as in the websites editor.
  await expect(operator.getByRole("heading", { name: "Lobby screen" })).toBeVisible();
  await expect(operator.getByRole("button", { name: "Delete screen" })).toBeVisible();
  await expect(operator.getByText(`Pushed story '${STORY_TITLE}'`)).toBeVisible();
  await shot(operator, "screen-activity");

  await operator.goto(`/${TENANT}/screens`);
  const card = operator.getByTestId("screen-card").filter({ hasText: "Lobby screen" });
  await expect(card.getByTestId("paired-badge")).toHaveText("NOT PAIRED");
  await expect(card.locator("img")).toBeVisible();
  await shot(operator, "screens-list");

  await card.click();
  await operator.getByRole("button", { name: "Delete screen" }).click();
  await expect(operator.getByRole("dialog")).toContainText("Lobby screen");
  await shot(operator, "screen-delete-confirmation");
  await operator.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(operator.getByText("Successfully deleted screen")).toBeVisible();
  await expect(operator).toHaveURL(new RegExp(`/${TENANT}/screens$`));
  await playerContext.close();
  await operator.context().close();
});

test("pairing and pushing keep the name and description typed but not saved yet", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await signInThroughApi(request);
  const screen = await created<{ id: string }>(request, headers, "/str/screens", { name: "Hall screen", description: "Upstairs" });
  const registered = await request.post("/api/str/player/register", { headers: { "X-TenantID": TENANT } });
  expect(registered.status()).toBe(201);
  const { activationCode } = (await registered.json()) as { activationCode: string };

  const operator = await operatorPage(browser);
  await operator.goto(`/${TENANT}/screens/edit/${screen.id}`);
  await expect(operator.getByTestId("paired-badge")).toHaveText("NOT PAIRED", { timeout: 20_000 });
  await operator.getByLabel("Screen name").fill("Hall screen, east wing");
  await operator.getByLabel("Screen description").fill("By the lift");
  await operator.getByRole("button", { name: "Pair screen" }).click();
  const dialog = operator.getByRole("dialog", { name: "Pair screen" });
  await dialog.getByLabel("PIN number").fill(activationCode);
  await dialog.getByRole("button", { name: "Pair" }).click();
  await expect(operator.getByTestId("paired-badge")).toHaveText("PAIRED");
  await operator.getByRole("button", { name: "Push story" }).click();
  const picker = operator.getByRole("dialog", { name: "Push story" });
  await picker.getByRole("button", { name: STORY_TITLE }).click();
  await picker.getByRole("button", { name: "Push" }).click();
  await expect(operator.getByTestId("assigned-story")).toContainText(STORY_TITLE);
  await expect(operator.getByLabel("Screen name")).toHaveValue("Hall screen, east wing");
  await expect(operator.getByLabel("Screen description")).toHaveValue("By the lift");
  await operator.getByRole("button", { name: "Save changes" }).click();
  await expect(operator.getByRole("button", { name: "No changes to save" })).toBeDisabled();
  await expect(operator.getByLabel("Screen name")).toHaveValue("Hall screen, east wing");
  const saved = await request.get(`/api/str/screens/${screen.id}`, { headers });
  expect(await saved.json()).toMatchObject({ name: "Hall screen, east wing", description: "By the lift", paired: true });
  await operator.context().close();
});

test("a reader sees screens and their state but no write action", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await signInThroughApi(request);
  const screen = await created<{ id: string }>(request, headers, "/str/screens", { name: "Foyer screen", description: "Ground floor" });
  const reader = await created<{ uuid: string }>(request, headers, "/users", {
    username: "rita",
    email: "rita@example.org",
    password: "Rita-password-1",
    firstname: "Rita",
  });
  await created(request, headers, "/groups", { name: "Screen readers", iamPermissions: ["repox.stories.show"], users: [reader.uuid] });
  const session = await request.post("/api/auth/jwt", {
    headers: { "X-TenantID": TENANT },
    data: { username: "rita", password: "Rita-password-1" },
  });
  expect(session.status()).toBe(200);
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const user = JSON.stringify(await session.json());
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [`authUser:${TENANT}`, user] as const);
  const page = await context.newPage();

  await page.goto(`/${TENANT}/screens`);
  await expect(page.getByTestId("screen-card").filter({ hasText: "Foyer screen" })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("add-screen")).toHaveCount(0);
  await shot(page, "screens-list-reader");
  await page.getByTestId("screen-card").filter({ hasText: "Foyer screen" }).click();
  // The list stays on screen until the editor's code has arrived: wait for the editor's field first.
  await expect(page.getByLabel("Screen name")).toHaveValue("Foyer screen");
  await expect(page.getByTestId("paired-badge")).toHaveText("NOT PAIRED");
  await expect(page.getByLabel("Screen name")).toHaveAttribute("readonly", "");
  for (const name of ["Pair screen", "Save changes", "No changes to save", "Delete screen"]) {
    await expect(page.getByRole("button", { name }), name).toHaveCount(0);
  }
  await shot(page, "screen-reader");

  const unknown = "0190a3b4-0000-7000-8000-000000000000";
  await page.goto(`/${TENANT}/screens/edit/${unknown}`);
  await expect(page.getByText(`Screen ${unknown} not found`)).toBeVisible();
  await request.delete(`/api/str/screens/${screen.id}`, { headers });
  await context.close();
});

test("the player's service worker keeps the media of the story it plays and lets the others go", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await signInThroughApi(request);
  const pictures = [
    await storePicture(request, headers, "garden", "Garden pictures"),
    await storePicture(request, headers, "pier", "Pier pictures"),
  ];
  const [garden, pier] = await Promise.all([
    created<{ uuid: string }>(request, headers, "/stories", storyOf(pictures[0] ?? "", "Garden", "Welcome to the garden")),
    created<{ uuid: string }>(request, headers, "/stories", storyOf(pictures[1] ?? "", "Pier", "Welcome to the pier")),
  ]);
  const playerContext = await browser.newContext({ viewport: { width: 960, height: 540 } });
  const player = await playerContext.newPage();
  await player.goto(`/${TENANT}/player`);
  const pin = player.getByTestId("player-pin");
  await expect(pin).toHaveText(/^\d{6}$/, { timeout: 20_000 });
  // Media reach the worker's cache only once it controls the page.
  await player.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const screen = await created<{ id: string }>(request, headers, "/str/screens", { name: "Cache screen", description: "" });
  const post = async (path: string, data: unknown) => {
    const answer = await request.post(`/api/str/screens/${screen.id}/${path}`, { headers, data });
    expect(answer.status(), await answer.text()).toBe(200);
  };
  const keptMedia = () =>
    player.evaluate(async () => {
      const cache = await caches.open("repox-player-media-v1");
      return (await cache.keys()).map((kept) => new URL(kept.url).pathname);
    });
  await post("pair", { activationCode: await pin.textContent() });

  await post("link", { storyId: garden.uuid });
  await expect(player.getByText("Welcome to the garden")).toBeVisible({ timeout: 10_000 });
  await expect.poll(keptMedia).toEqual([`/api/str/player/media/store/${pictures[0]}`]);
  await post("link", { storyId: pier.uuid });
  await expect(player.getByText("Welcome to the pier")).toBeVisible({ timeout: 10_000 });
  await expect.poll(keptMedia).toEqual([`/api/str/player/media/store/${pictures[1]}`]);
  await shot(player, "player-second-story");
  await post("unlink", {});
  await expect(player.getByText("No story assigned")).toBeVisible({ timeout: 10_000 });
  await expect.poll(keptMedia).toEqual([]);
  await playerContext.close();
});

test("the screens list keeps its page in the address, so going back from a screen returns to it", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const headers = await signInThroughApi(request);
  for (let n = 1; n <= 21; n++) {
    await created(request, headers, "/str/screens", { name: `Row ${String(n).padStart(2, "0")}`, description: "" });
  }
  const operator = await operatorPage(browser);
  await operator.goto(`/${TENANT}/screens`);
  await expect(operator.getByTestId("screen-card").filter({ hasText: "Row 21" })).toBeVisible({ timeout: 20_000 });
  await expect(operator.getByTestId("screen-card").filter({ hasText: "Row 01" })).toHaveCount(0);
  await operator.getByRole("button", { name: "2", exact: true }).click();
  await expect(operator).toHaveURL(/\/screens\?page=2$/);
  const oldest = operator.getByTestId("screen-card").filter({ hasText: "Row 01" });
  await expect(oldest).toBeVisible();
  await expect(operator.getByTestId("add-screen")).toHaveCount(0);
  await shot(operator, "screens-list-page-2");
  await oldest.click();
  await expect(operator.getByLabel("Screen name")).toHaveValue("Row 01");
  await operator.goBack();
  await expect(operator).toHaveURL(/\/screens\?page=2$/);
  await expect(oldest).toBeVisible();
  await operator.context().close();
});
