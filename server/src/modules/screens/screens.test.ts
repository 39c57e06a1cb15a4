// Screens through HTTP with real auth: the operator's calls (spec 3 §7 Screens), the player's (register, pair, state
// with its long poll, story and media checked against the pairing, screenshot, commands), permissions and tenants.
import { newElement, PERMISSIONS, SCREEN_LIMITS } from "@repox/contracts";
import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { png } from "../../platform/media/test-media.ts";
import { type Caller, createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { STORIES, storyBody, storyDetails } from "../stories/testing.ts";
import { deviceAuth, newScreen, PLAYER, pairedScreen, registerPlayer, SCREENS } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let storyId: string;
let asset: string;
let picture: string;
let unshown: string;

/** Slide 1 shows an uploaded story image, slide 2 a picture of the store as its background. */
function showing(assetId: string, pictureId: string) {
  const details = storyDetails(2);
  const [first, second] = details.screen.slides;
  if (!first || !second) throw new Error("two slides expected");
  const image = newElement("IMAGE", "photo", { x: 40, y: 40 });
  if (image.type === "IMAGE") image.data = { uuid: assetId, from: "stories", lockAspectRatio: true, dimensionsAreSet: true };
  first.elements = [image];
  second.background = { color: "#000", position: "center center", size: "cover", uuid: pictureId, from: "store" };
  return details;
}

async function newStoryShowing(caller: Caller, title: string): Promise<string> {
  const answer = await caller.request("POST", STORIES, storyBody({ title, storyDetails: showing(asset, picture) }));
  if (answer.statusCode !== 201) throw new Error(answer.body);
  return answer.json().uuid;
}

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  await setUpFileModel(tenant.admin);
  asset = (await uploadAsset(tenant.admin, { name: "logo.png", content: await png(60, 40), type: "image/png" })).uuid;
  const box = await newBox(tenant.admin);
  picture = (await uploadOne(tenant.admin, box, { name: "harbour.png", content: await png(120, 80), type: "image/png" })).uuid;
  unshown = (await uploadOne(tenant.admin, box, { name: "private.png", content: await png(30, 30), type: "image/png" })).uuid;
  storyId = await newStoryShowing(tenant.admin, "Harbour");
});
afterAll(() => t.close());

const message = (answer: { statusCode: number; json(): { message: string } }) => [answer.statusCode, answer.json().message];

describe("screens for the operator", () => {
  it("creates, reads, lists, renames and deletes a screen, with its activity", async () => {
    const created = await tenant.admin.request("POST", SCREENS, { name: " Lobby ", description: "By the door" });
    expect(created.statusCode).toBe(201);
    const screen = created.json();
    expect(screen).toMatchObject({
      name: "Lobby",
      description: "By the door",
      paired: false,
      token: null,
      storyId: null,
      screenshot: null,
    });
    expect((await tenant.admin.request("GET", `${SCREENS}/${screen.id}`)).json()).toEqual(screen);
    const renamed = await tenant.admin.request("PUT", `${SCREENS}/${screen.id}`, { name: "Hall", description: "Upstairs" });
    expect(renamed.json()).toMatchObject({ name: "Hall", description: "Upstairs" });
    const list = (await tenant.admin.request("GET", `${SCREENS}?page=0&size=200`)).json();
    expect(list).toMatchObject({ number: 0, pageable: { pageNumber: 0, pageSize: 200 } });
    expect(list.content.map((item: { id: string }) => item.id)).toContain(screen.id);
    const activity = (await tenant.admin.request("GET", `${SCREENS}/${screen.id}/activity?page=0`)).json();
    expect(activity.content.map((item: { description: string }) => item.description)).toEqual([
      "Changed the description",
      "Renamed from 'Lobby' to 'Hall'",
      "Created screen 'Lobby'",
    ]);
    expect(activity.content.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "updated", params: { what: "descriptionChanged" } },
      { action: "renamed", params: { what: "renamed", from: "Lobby", to: "Hall" } },
      { action: "created", params: { what: "screenCreated", name: "Lobby" } },
    ]);
    expect((await tenant.admin.request("DELETE", `${SCREENS}/${screen.id}`)).statusCode).toBe(204);
    expect(message(await tenant.admin.request("GET", `${SCREENS}/${screen.id}`))).toEqual([404, `Screen ${screen.id} not found`]);
  });

  it("refuses bad bodies with a message naming the field", async () => {
    const id = await newScreen(tenant.admin);
    for (const [method, url, body, text] of [
      ["POST", SCREENS, { description: "x" }, "name"],
      ["POST", SCREENS, { name: "  " }, "name"],
      ["PUT", `${SCREENS}/${id}`, { name: "x".repeat(SCREEN_LIMITS.nameMaxLength + 1) }, "name"],
      ["POST", `${SCREENS}/${id}/commands`, { type: "REBOOT" }, "type"],
      ["POST", `${SCREENS}/${id}/link`, { storyId: "nope" }, "storyId"],
      ["POST", `${SCREENS}/${id}/pair`, {}, "activationCode"],
      ["GET", `${SCREENS}/not-a-uuid`, undefined, "id"],
    ] as const) {
      const answer = await tenant.admin.request(method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(400);
      expect(answer.json().message, `${method} ${url}`).toContain(text);
    }
  });

  it("pushes only to a paired screen, and only a story of the tenant", async () => {
    const id = await newScreen(tenant.admin);
    expect(message(await tenant.admin.request("POST", `${SCREENS}/${id}/link`, { storyId }))).toEqual([
      409,
      "Pair the screen before pushing a story",
    ]);
    const { screenId } = await pairedScreen(tenant.admin, tenant.anonymous);
    const unknown = crypto.randomUUID();
    expect(message(await tenant.admin.request("POST", `${SCREENS}/${screenId}/link`, { storyId: unknown }))).toEqual([
      400,
      `storyId: names no story (${unknown})`,
    ]);
    const pushed = await tenant.admin.request("POST", `${SCREENS}/${screenId}/link`, { storyId });
    expect(pushed.json()).toMatchObject({ paired: true, storyId });
    expect((await tenant.admin.request("GET", `${SCREENS}/${screenId}/story`)).json().story).toMatchObject({
      id: storyId,
      title: "Harbour",
    });
    const unlinked = await tenant.admin.request("POST", `${SCREENS}/${screenId}/unlink`);
    expect(unlinked.json().storyId, unlinked.body).toBeNull();
    expect((await tenant.admin.request("GET", `${SCREENS}/${screenId}/story`)).json()).toEqual({ story: null });
    const activity = (await tenant.admin.request("GET", `${SCREENS}/${screenId}/activity`)).json();
    expect(activity.content.map((item: { description: string }) => item.description)).toEqual([
      "Removed the story",
      "Pushed story 'Harbour'",
      "Paired the screen with a player",
      "Created screen 'Lobby'",
    ]);
    expect(activity.content.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "story_removed", params: { what: "storyRemoved" } },
      { action: "story_pushed", params: { what: "storyPushed", title: "Harbour" } },
      { action: "paired", params: { what: "paired" } },
      { action: "created", params: { what: "screenCreated", name: "Lobby" } },
    ]);
  });
});

describe("registering and pairing", () => {
  it("answers the player's web app manifest for the tenant's player page", async () => {
    const answer = await t.app.inject({ method: "GET", url: `${PLAYER}/manifest.webmanifest?tenant=${tenant.code}` });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toContain("application/manifest+json");
    expect(answer.json()).toMatchObject({ start_url: `/${tenant.code}/player`, scope: `/${tenant.code}/player`, display: "fullscreen" });
    expect((await t.app.inject({ method: "GET", url: `${PLAYER}/manifest.webmanifest?tenant=%3Cscript%3E` })).statusCode).toBe(400);
  });

  it("registers a player with a 6-digit PIN valid for 15 minutes", async () => {
    const before = Date.now();
    const device = await registerPlayer(tenant.anonymous);
    expect(device.activationCode).toMatch(/^\d{6}$/);
    expect(device.deviceSecret.length).toBeGreaterThanOrEqual(40);
    const minutes = (new Date(device.expiresAt).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
    const state = (await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, deviceAuth(device))).json();
    expect(state).toMatchObject({ paired: false, screen: null, storyId: null, commands: [] });
    expect(message(await tenant.anonymous.request("GET", `${PLAYER}/story`, undefined, deviceAuth(device)))).toEqual([
      403,
      "This player is not paired with a screen",
    ]);
  });

  it("pairs with the PIN; a wrong, expired or used PIN and a second pairing are refused", async () => {
    const id = await newScreen(tenant.admin);
    const pair = (code: string, screen = id) => tenant.admin.request("POST", `${SCREENS}/${screen}/pair`, { activationCode: code });
    const device = await registerPlayer(tenant.anonymous);
    const wrong = device.activationCode === "000000" ? "000001" : "000000";
    expect(message(await pair(wrong))).toEqual([400, "Invalid or expired PIN"]);
    expect(message(await pair("12ab56"))).toEqual([400, "Invalid or expired PIN"]);
    const expired = await registerPlayer(tenant.anonymous);
    await inTenant(t.db, tenant.id, (trx) =>
      sql`update screen_devices set code_expires_at = now() - interval '1 second' where id = ${expired.deviceId}`.execute(trx),
    );
    expect(message(await pair(expired.activationCode))).toEqual([400, "Invalid or expired PIN"]);
    // Another tenant's PIN is unknown here.
    const foreign = await registerPlayer(other.anonymous);
    if (foreign.activationCode !== device.activationCode)
      expect(message(await pair(foreign.activationCode))).toEqual([400, "Invalid or expired PIN"]);

    const paired = await pair(device.activationCode);
    expect(paired.statusCode).toBe(200);
    expect(paired.json()).toMatchObject({ paired: true, token: expect.any(String) });
    const second = await newScreen(tenant.admin);
    expect(message(await pair(device.activationCode, second))).toEqual([
      409,
      "This PIN has already been used to pair a screen. Use the PIN the player shows now.",
    ]);
    const another = await registerPlayer(tenant.anonymous);
    expect(message(await pair(another.activationCode))).toEqual([409, "This screen is already paired. Unpair it first."]);
    const status = (await tenant.admin.request("GET", `${SCREENS}/${id}/status`)).json();
    expect(status).toMatchObject({ token: paired.json().token, storyId: null, screenshot: null });
    const state = (await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, deviceAuth(device))).json();
    expect(state).toMatchObject({ paired: true, screen: { id, name: "Lobby" } });
    const seen = (await tenant.admin.request("GET", `${SCREENS}/${id}`)).json().lastSeenAt;
    expect(seen).not.toBeNull();
    // Written at most once a minute: the next state calls write nothing.
    await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, deviceAuth(device));
    expect((await tenant.admin.request("GET", `${SCREENS}/${id}`)).json().lastSeenAt).toBe(seen);
  });

  it("refuses missing, malformed and wrong device credentials", async () => {
    const device = await registerPlayer(tenant.anonymous);
    for (const authorization of [undefined, "Device nonsense", `Bearer ${device.deviceSecret}`, `Device ${device.deviceId}.wrong`]) {
      const answer = await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, authorization ? { authorization } : {});
      expect(answer.statusCode, authorization).toBe(401);
    }
  });

  it("limits registrations per address", async () => {
    const limited = await createTestApp();
    try {
      const place = await limited.newTenant();
      const answers = [];
      for (let n = 0; n < 31; n++) answers.push((await place.anonymous.request("POST", `${PLAYER}/register`)).statusCode);
      expect(answers.slice(0, 30).every((status) => status === 201)).toBe(true);
      expect(answers[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("the player's state, story and media", () => {
  it("holds the state call and answers within a second of a push", async () => {
    const { screenId, device } = await pairedScreen(tenant.admin, tenant.anonymous);
    const auth = deviceAuth(device);
    const first = (await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, auth)).json();
    const started = Date.now();
    const held = tenant.anonymous.request("GET", `${PLAYER}/state?wait=25&since=${first.version}`, undefined, auth);
    let pushedAt = 0;
    setTimeout(() => {
      pushedAt = Date.now();
      void tenant.admin.request("POST", `${SCREENS}/${screenId}/link`, { storyId });
    }, 300);
    const answer = (await held).json();
    const answeredAt = Date.now();
    expect(answer).toMatchObject({ paired: true, storyId, storyUpdatedAt: expect.any(String) });
    expect(answer.version).not.toBe(first.version);
    expect(pushedAt).toBeGreaterThan(started);
    expect(answeredAt - pushedAt).toBeLessThan(1000);
    // Nothing changed: a short wait answers the same version when it ends.
    const same = (await tenant.anonymous.request("GET", `${PLAYER}/state?wait=1&since=${answer.version}`, undefined, auth)).json();
    expect(same.version).toBe(answer.version);
  });

  it("answers held state calls at once when the server shuts down, so a restart is not held up by its players", async () => {
    const closing = await createTestApp();
    try {
      const place = await closing.newTenant();
      const { device } = await pairedScreen(place.admin, place.anonymous);
      const address = await closing.app.listen({ port: 0, host: "127.0.0.1" });
      const headers = { "x-tenantid": place.code, ...deviceAuth(device) };
      const first = await (await fetch(`${address}${PLAYER}/state`, { headers })).json();
      const held = fetch(`${address}${PLAYER}/state?wait=25&since=${first.version}`, { headers });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const closedAt = Date.now();
      await closing.app.close();
      const answer = await held;
      expect(Date.now() - closedAt).toBeLessThan(2000);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ version: first.version, paired: true });
    } finally {
      await closing.close();
    }
  });

  it("answers the story with media links that serve only its pictures, and UNPAIR revokes them at once", async () => {
    const { screenId, device } = await pairedScreen(tenant.admin, tenant.anonymous);
    const auth = deviceAuth(device);
    expect(message(await tenant.anonymous.request("GET", `${PLAYER}/story`, undefined, auth))).toEqual([404, "No story assigned"]);
    await tenant.admin.request("POST", `${SCREENS}/${screenId}/link`, { storyId });
    const story = await tenant.anonymous.request("GET", `${PLAYER}/story`, undefined, auth);
    expect(story.statusCode).toBe(200);
    const view = story.json();
    expect(view).toMatchObject({ id: storyId, title: "Harbour" });
    expect(view.pictures.map((p: { uuid: string; from: string }) => `${p.from}:${p.uuid}`).sort()).toEqual(
      [`stories:${asset}`, `store:${picture}`].sort(),
    );
    for (const link of view.pictures) {
      expect(link.url).toContain(device.deviceId);
      // No header: an <img> fetches it.
      const bytes = await t.app.inject({ method: "GET", url: link.url });
      expect(bytes.statusCode, link.url).toBe(200);
      expect(bytes.headers["content-type"]).toBe("image/png");
    }
    const storeLink = view.pictures.find((p: { from: string }) => p.from === "store").url as string;
    const elsewhere = storeLink.replace(picture, unshown);
    expect((await t.app.inject({ method: "GET", url: elsewhere })).statusCode).toBe(404);
    const wrongKey = storeLink.replace(/key=[^&]+/, "key=guessed");
    expect((await t.app.inject({ method: "GET", url: wrongKey })).statusCode).toBe(404);
    const atOther = storeLink.replace(`tenant=${tenant.code}`, `tenant=${other.code}`);
    expect((await t.app.inject({ method: "GET", url: atOther })).statusCode).toBe(404);

    const unpaired = await tenant.admin.request("POST", `${SCREENS}/${screenId}/commands`, { type: "UNPAIR" });
    expect(unpaired.json()).toEqual({ id: null, type: "UNPAIR" });
    expect((await tenant.admin.request("GET", `${SCREENS}/${screenId}`)).json()).toMatchObject({ paired: false, token: null });
    const state = (await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, auth)).json();
    expect(state).toMatchObject({ paired: false, screen: null, storyId: null });
    expect(message(await tenant.anonymous.request("GET", `${PLAYER}/story`, undefined, auth))).toEqual([
      403,
      "This player is not paired with a screen",
    ]);
    for (const link of view.pictures) expect((await t.app.inject({ method: "GET", url: link.url })).statusCode).toBe(404);
    // Pairing the screen again with a new player does not bring the old links back.
    const next = await registerPlayer(tenant.anonymous);
    await tenant.admin.request("POST", `${SCREENS}/${screenId}/pair`, { activationCode: next.activationCode });
    for (const link of view.pictures) expect((await t.app.inject({ method: "GET", url: link.url })).statusCode).toBe(404);
    expect((await tenant.anonymous.request("GET", `${PLAYER}/story`, undefined, deviceAuth(next))).statusCode).toBe(200);
  });

  it("delivers a SCREENSHOT command until it is done, and keeps the capture for the operator", async () => {
    const { screenId, device } = await pairedScreen(tenant.admin, tenant.anonymous);
    const auth = deviceAuth(device);
    const queued = (await tenant.admin.request("POST", `${SCREENS}/${screenId}/commands`, { type: "SCREENSHOT" })).json();
    expect(queued).toEqual({ id: expect.any(String), type: "SCREENSHOT" });
    const state = (await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, auth)).json();
    expect(state.commands).toEqual([{ id: queued.id, type: "SCREENSHOT" }]);

    const capture = await png(1920, 1080);
    const sent = await tenant.anonymous.request("POST", `${PLAYER}/screenshot`, capture, { ...auth, "content-type": "image/png" });
    expect(sent.statusCode).toBe(200);
    const done = await tenant.anonymous.request("POST", `${PLAYER}/commands/${queued.id}/done`, undefined, auth);
    expect(done.statusCode).toBe(204);
    expect((await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, auth)).json().commands).toEqual([]);
    expect(message(await tenant.anonymous.request("POST", `${PLAYER}/commands/${queued.id}/done`, undefined, auth))).toEqual([
      409,
      `Command ${queued.id} is already done`,
    ]);
    const status = (await tenant.admin.request("GET", `${SCREENS}/${screenId}/status`)).json();
    expect(status.screenshot).toMatch(/^data:image\/jpeg;base64,/);
    const preview = await sharp(Buffer.from(status.screenshot.split(",")[1], "base64")).metadata();
    expect([preview.format, preview.width, preview.height]).toEqual(["jpeg", 1280, 720]);
    expect(status.screenshotAt).toBe(sent.json().screenshotAt);
    const card = (await tenant.admin.request("GET", `${SCREENS}?size=200`)).json().content.find((s: { id: string }) => s.id === screenId);
    const thumb = await sharp(Buffer.from(card.screenshot.split(",")[1], "base64")).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["jpeg", 480, 270]);
    // Another device cannot close this screen's command.
    const stranger = await pairedScreen(tenant.admin, tenant.anonymous);
    const second = (await tenant.admin.request("POST", `${SCREENS}/${screenId}/commands`, { type: "SCREENSHOT" })).json();
    expect(
      (await tenant.anonymous.request("POST", `${PLAYER}/commands/${second.id}/done`, undefined, deviceAuth(stranger.device))).statusCode,
    ).toBe(404);
  });

  it("refuses a screenshot that is not a PNG or JPEG, or is larger than 5 MB", async () => {
    const { device } = await pairedScreen(tenant.admin, tenant.anonymous);
    const auth = deviceAuth(device);
    const post = (body: Buffer | object, type: string) =>
      tenant.anonymous.request("POST", `${PLAYER}/screenshot`, body, { ...auth, "content-type": type });
    expect(message(await post(Buffer.from("GIF89a not really"), "image/png"))).toEqual([400, "The screenshot must be a PNG or JPEG image"]);
    const brokenPng = Buffer.concat([(await png(10, 10)).subarray(0, 20), Buffer.alloc(50)]);
    expect(message(await post(brokenPng, "image/png"))).toEqual([400, "The screenshot must be a PNG or JPEG image"]);
    expect((await post(Buffer.from("x"), "image/gif")).statusCode).toBe(415);
    expect((await post({ image: "x" }, "application/json")).statusCode).toBe(415);
    const huge = Buffer.concat([await png(10, 10), Buffer.alloc(SCREEN_LIMITS.screenshotMaxBytes)]);
    expect((await post(huge, "image/png")).statusCode).toBe(413);
    const unpairedDevice = await registerPlayer(tenant.anonymous);
    const refused = await tenant.anonymous.request("POST", `${PLAYER}/screenshot`, await png(10, 10), {
      ...deviceAuth(unpairedDevice),
      "content-type": "image/png",
    });
    expect(refused.statusCode).toBe(403);
  });

  it("a deleted screen revokes its player", async () => {
    const { screenId, device } = await pairedScreen(tenant.admin, tenant.anonymous);
    await tenant.admin.request("DELETE", `${SCREENS}/${screenId}`);
    expect((await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, deviceAuth(device))).json().paired).toBe(false);
  });
});

describe("permissions", () => {
  it("needs repox.stories.show to read and repox.stories.edit to write, on every route", async () => {
    const { screenId: id } = await pairedScreen(tenant.admin, tenant.anonymous);
    const nobody = await tenant.newUser({ permissions: [] });
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
    const author = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const reads = [SCREENS, `${SCREENS}/${id}`, `${SCREENS}/${id}/activity`, `${SCREENS}/${id}/status`, `${SCREENS}/${id}/story`];
    const writes: [method: "POST" | "PUT" | "DELETE", url: string, body: unknown][] = [
      ["POST", SCREENS, { name: "x" }],
      ["PUT", `${SCREENS}/${id}`, { name: "x" }],
      ["POST", `${SCREENS}/${id}/commands`, { type: "SCREENSHOT" }],
      ["POST", `${SCREENS}/${id}/pair`, { activationCode: "123456" }],
      ["POST", `${SCREENS}/${id}/link`, { storyId }],
      ["POST", `${SCREENS}/${id}/unlink`, {}],
      ["DELETE", `${SCREENS}/${id}`, undefined],
    ];
    for (const url of reads) {
      expect(message(await nobody.request("GET", url)), url).toEqual([
        403,
        "You do not have permission to do this (requires repox.stories.show)",
      ]);
      expect((await reader.request("GET", url)).statusCode, url).toBe(200);
      expect((await tenant.anonymous.request("GET", url)).statusCode, url).toBe(401);
    }
    for (const [method, url, body] of writes) {
      for (const caller of [nobody, reader]) {
        expect(message(await caller.request(method, url, body)), `${method} ${url}`).toEqual([
          403,
          "You do not have permission to do this (requires repox.stories.edit)",
        ]);
      }
      expect((await tenant.anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await author.request("POST", `${SCREENS}/${id}/link`, { storyId })).statusCode).toBe(200);
    expect((await author.request("DELETE", `${SCREENS}/${id}`)).statusCode).toBe(204);
  });
});

describe("across tenants", () => {
  it("a screen of one tenant is unknown at another, and a device of A is refused at B", async () => {
    const { screenId: id, device } = await pairedScreen(tenant.admin, tenant.anonymous);
    await tenant.admin.request("POST", `${SCREENS}/${id}/link`, { storyId });
    for (const [method, url, body] of [
      ["GET", `${SCREENS}/${id}`, undefined],
      ["PUT", `${SCREENS}/${id}`, { name: "x" }],
      ["DELETE", `${SCREENS}/${id}`, undefined],
      ["GET", `${SCREENS}/${id}/activity`, undefined],
      ["GET", `${SCREENS}/${id}/status`, undefined],
      ["GET", `${SCREENS}/${id}/story`, undefined],
      ["POST", `${SCREENS}/${id}/commands`, { type: "UNPAIR" }],
      ["POST", `${SCREENS}/${id}/pair`, { activationCode: device.activationCode }],
      ["POST", `${SCREENS}/${id}/link`, { storyId }],
      ["POST", `${SCREENS}/${id}/unlink`, {}],
    ] as const) {
      expect(message(await other.admin.request(method, url, body)), `${method} ${url}`).toEqual([404, `Screen ${id} not found`]);
    }
    expect((await other.admin.request("GET", SCREENS)).json().content.map((s: { id: string }) => s.id)).not.toContain(id);
    // A's story cannot be pushed to B's screen.
    const { screenId: theirs } = await pairedScreen(other.admin, other.anonymous);
    expect((await other.admin.request("POST", `${SCREENS}/${theirs}/link`, { storyId })).statusCode).toBe(400);
    // A's device at B.
    const auth = deviceAuth(device);
    for (const [method, url] of [
      ["GET", `${PLAYER}/state`],
      ["GET", `${PLAYER}/story`],
      ["POST", `${PLAYER}/commands/${crypto.randomUUID()}/done`],
    ] as const) {
      expect((await other.anonymous.request(method, url, undefined, auth)).statusCode, url).toBe(401);
    }
    const toOther = await other.anonymous.request("POST", `${PLAYER}/screenshot`, await png(10, 10), {
      ...auth,
      "content-type": "image/png",
    });
    expect(toOther.statusCode).toBe(401);
    // A's token at B.
    expect((await other.as(tenant.admin.token).request("GET", `${SCREENS}/${id}`)).statusCode).toBe(401);
    expect((await tenant.anonymous.request("GET", `${PLAYER}/state`, undefined, auth)).json()).toMatchObject({ paired: true, storyId });
  });
});
