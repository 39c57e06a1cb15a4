import { createHash } from "node:crypto";
import { PERMISSIONS } from "@repox/contracts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ORPHAN_GRACE_MS } from "../../platform/blobs/orphan-sweep.ts";
import { png } from "../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { uploadAsset } from "../assets/testing.ts";
import { runJobs } from "../trash/testing.ts";
import { completeBody, GUIDES, guideAssets, imageAsset, newGuide, PUBLIC_GUIDES } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let assets: Awaited<ReturnType<typeof guideAssets>>;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  assets = await guideAssets(tenant.admin);
});
afterAll(() => t.close());

/** A GET without any header or token, as an <img> in a mobile app sends it. */
const fetchBare = (url: string) => t.app.inject({ method: "GET", url });

async function sizeOf(url: string): Promise<{ width?: number; height?: number; status: number }> {
  const answer = await fetchBare(url);
  if (answer.statusCode !== 200) return { status: answer.statusCode };
  const meta = await sharp(answer.rawPayload).metadata();
  return { width: meta.width, height: meta.height, status: 200 };
}

describe("guide CRUD", () => {
  it("saves a guide with only a title, lists it and reads it back", async () => {
    const created = await tenant.admin.request("POST", GUIDES, { title: "  Draft guide " });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      title: "Draft guide",
      description: "",
      languages: [],
      logo: null,
      cover: null,
      welcomeTexts: {},
      onboarding: [],
      isPublished: false,
      publishedAt: null,
    });
    const id = created.json().id;
    expect((await tenant.admin.request("GET", `${GUIDES}/${id}`)).json()).toEqual(created.json());
    const list = (await tenant.admin.request("GET", `${GUIDES}?page=0&size=50`)).json();
    expect(list.content.map((guide: { id: string }) => guide.id)).toContain(id);
  });

  it("saves every field, keeps the onboarding order and reorders it on update", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    expect(guide).toMatchObject({ title: "Naxos walks", languages: ["GR", "US"], welcomeTexts: { GR: "Καλώς ήρθατε", US: "Welcome" } });
    expect(guide.logo?.asset).toBe(assets.logo.uuid);
    expect(guide.cover?.asset).toBe(assets.cover.uuid);
    const [first, second] = assets.onboarding.map((asset) => asset.uuid) as [string, string];
    expect(guide.onboarding.map((image) => image.asset)).toEqual([first, second]);

    const reordered = await tenant.admin.request("PUT", `${GUIDES}/${guide.id}`, completeBody(assets, { onboarding: [second, first] }));
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().onboarding.map((image: { asset: string }) => image.asset)).toEqual([second, first]);
    const read = (await tenant.admin.request("GET", `${GUIDES}/${guide.id}`)).json();
    expect(read.onboarding.map((image: { asset: string }) => image.asset)).toEqual([second, first]);
    // The logo was not chosen again, so the guide keeps the copy it holds.
    expect(new URL(read.logo.url, "http://x").pathname).toBe(new URL(guide.logo?.url ?? "", "http://x").pathname);
  });

  it("deletes a guide", async () => {
    const guide = await newGuide(tenant.admin, { title: "Short lived" });
    expect((await tenant.admin.request("DELETE", `${GUIDES}/${guide.id}`)).statusCode).toBe(204);
    const gone = await tenant.admin.request("GET", `${GUIDES}/${guide.id}`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, `Guide ${guide.id} not found`]);
    expect((await tenant.admin.request("DELETE", `${GUIDES}/${guide.id}`)).statusCode).toBe(404);
  });

  it("records creation, renames and publishing in the guide's activity", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    await tenant.admin.request("PUT", `${GUIDES}/${guide.id}`, completeBody(assets, { title: "Paros walks" }));
    await tenant.admin.request("POST", `${GUIDES}/${guide.id}/publish`);
    const page = (await tenant.admin.request("GET", `${GUIDES}/${guide.id}/activity?page=0`)).json();
    expect(page.content.map((item: { description: string }) => item.description)).toEqual([
      "Published the guide",
      "Renamed from 'Naxos walks' to 'Paros walks'",
      "Created guide 'Naxos walks'",
    ]);
    expect(page.content.map(({ action, params }: { action: string; params: unknown }) => ({ action, params }))).toEqual([
      { action: "published", params: { what: "guidePublished" } },
      { action: "renamed", params: { what: "renamed", from: "Naxos walks", to: "Paros walks" } },
      { action: "created", params: { what: "guideCreated", title: "Naxos walks" } },
    ]);
    expect(page.content[0].user.username).toBe("admin");
  });
});

describe("validation", () => {
  it("refuses a body without a title, an unknown language, a welcome text for an unselected language and unknown assets", async () => {
    const cases: [body: unknown, message: string][] = [
      [{ description: "no title" }, "title"],
      [{ title: "   " }, "title"],
      [{ title: "T", languages: ["DE"] }, "languages"],
      [{ title: "T", languages: ["US", "US"] }, "languages"],
      [{ title: "T", languages: ["US"], welcomeTexts: { US: "Hi", IT: "Ciao" } }, "welcomeTexts.IT"],
      [{ title: "T", logo: crypto.randomUUID() }, "logo"],
      [{ title: "T", onboarding: [assets.logo.uuid, crypto.randomUUID()] }, "onboarding[1]"],
    ];
    for (const [body, field] of cases) {
      const answer = await tenant.admin.request("POST", GUIDES, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().message, JSON.stringify(body)).toContain(field);
    }
    const unselected = await tenant.admin.request("POST", GUIDES, { title: "T", languages: ["US"], welcomeTexts: { IT: "Ciao" } });
    expect(unselected.json().message).toContain("is for IT, which is not one of the guide's languages");
  });

  it("answers bad input with 4xx and a message: malformed JSON, a bad id, a long title, a huge body, too many pictures", async () => {
    const cases = [
      [await tenant.admin.request("POST", GUIDES, "{", { "content-type": "application/json" }), 400],
      [await tenant.admin.request("GET", `${GUIDES}/not-a-uuid`), 400],
      [await tenant.admin.request("POST", GUIDES, { title: "x".repeat(256) }), 400],
      [await tenant.admin.request("POST", GUIDES, { title: "T", description: "x".repeat(100_000) }), 413],
      [await tenant.admin.request("POST", GUIDES, { title: "T", onboarding: Array(21).fill(assets.logo.uuid) }), 400],
      [await tenant.admin.request("GET", `${GUIDES}/${crypto.randomUUID()}`), 404],
    ] as const;
    for (const [answer, status] of cases) {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().message, answer.body).toEqual(expect.any(String));
    }
  });

  it("refuses a logo or cover that is too small or of the wrong shape, saying the expected size", async () => {
    const tooSmallLogo = await imageAsset(tenant.admin, 574, 125);
    const wrongShapeLogo = await imageAsset(tenant.admin, 1148, 400);
    const tooSmallCover = await imageAsset(tenant.admin, 960, 600);
    const wrongShapeCover = await imageAsset(tenant.admin, 2000, 1200);
    const cases = [
      [{ logo: tooSmallLogo.uuid }, "logo must be 1148×249 pixels", "574×125"],
      [{ logo: wrongShapeLogo.uuid }, "logo must be 1148×249 pixels", "1148×400"],
      [{ cover: tooSmallCover.uuid }, "cover must be 1920×1200 pixels", "960×600"],
      [{ cover: wrongShapeCover.uuid }, "cover must be 1920×1200 pixels", "2000×1200"],
      [{ cover: assets.logo.uuid }, "cover must be 1920×1200 pixels", "1148×249"],
    ] as const;
    for (const [images, expected, actual] of cases) {
      const answer = await tenant.admin.request("POST", GUIDES, { title: "Images", ...images });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain(expected);
      expect(answer.json().message).toContain(`this image is ${actual}`);
    }
  });

  it("accepts larger images of the right shape (within 2 %) and stores them resized to exactly the spec's size", async () => {
    const bigLogo = await imageAsset(tenant.admin, 2296, 498);
    const nearlyCover = await imageAsset(tenant.admin, 1950, 1200);
    const guide = await newGuide(tenant.admin, { title: "Sized", logo: bigLogo.uuid, cover: nearlyCover.uuid });
    expect(await sizeOf(guide.logo?.url ?? "")).toEqual({ status: 200, width: 1148, height: 249 });
    expect(await sizeOf(guide.cover?.url ?? "")).toEqual({ status: 200, width: 1920, height: 1200 });
  });
});

describe("publishing and the public guide", () => {
  it("refuses to publish a guide missing what §5 asks", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets, { cover: null }));
    const answer = await tenant.admin.request("POST", `${GUIDES}/${guide.id}/publish`);
    expect([answer.statusCode, answer.json().message]).toEqual([
      400,
      "The guide cannot be published yet: it needs a title, at least one language, a logo, a cover image and a welcome text.",
    ]);
  });

  it("answers the public JSON only while published, with image links that need no sign-in", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    const draft = await tenant.anonymous.request("GET", `${PUBLIC_GUIDES}/${guide.id}`);
    expect([draft.statusCode, draft.json().message]).toEqual([404, `Guide ${guide.id} not found or not published`]);

    const published = await tenant.admin.request("POST", `${GUIDES}/${guide.id}/publish`);
    expect(published.json()).toMatchObject({ isPublished: true });
    const answer = await tenant.anonymous.request("GET", `${PUBLIC_GUIDES}/${guide.id}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(Object.keys(body).sort()).toEqual(
      ["coverUrl", "description", "id", "languages", "logoUrl", "onboarding", "publishedAt", "title", "welcomeTexts"].sort(),
    );
    expect(body).toMatchObject({ title: "Naxos walks", languages: ["GR", "US"], welcomeTexts: { US: "Welcome" } });
    expect(await sizeOf(body.logoUrl)).toEqual({ status: 200, width: 1148, height: 249 });
    expect(await sizeOf(body.coverUrl)).toEqual({ status: 200, width: 1920, height: 1200 });
    expect(body.onboarding).toHaveLength(2);
    expect(await sizeOf(body.onboarding[0].url)).toEqual({ status: 200, width: 30, height: 60 });
    expect(await sizeOf(body.onboarding[1].url)).toEqual({ status: 200, width: 40, height: 80 });

    // An update to a published guide must keep it complete.
    const incomplete = await tenant.admin.request("PUT", `${GUIDES}/${guide.id}`, completeBody(assets, { logo: null }));
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().message).toContain("Complete it or unpublish it first");

    expect((await tenant.admin.request("POST", `${GUIDES}/${guide.id}/unpublish`)).json()).toMatchObject({ isPublished: false });
    expect((await tenant.anonymous.request("GET", `${PUBLIC_GUIDES}/${guide.id}`)).statusCode).toBe(404);
    expect((await fetchBare(body.logoUrl)).statusCode).toBe(404);
  });

  it("serves no file through a guide's public links but its own images", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    await tenant.admin.request("POST", `${GUIDES}/${guide.id}/publish`);
    const elsewhere = await png(33, 44);
    await uploadAsset(tenant.admin, { name: "private.png", content: elsewhere, type: "image/png" });
    const sha = createHash("sha256").update(elsewhere).digest("hex");
    const answer = await fetchBare(`${PUBLIC_GUIDES}/${guide.id}/images/${sha}?tenant=${tenant.code}`);
    expect(answer.statusCode).toBe(404);
    expect((await fetchBare(`${PUBLIC_GUIDES}/${guide.id}/images/not-a-sha?tenant=${tenant.code}`)).statusCode).toBe(400);
    expect((await fetchBare(`${PUBLIC_GUIDES}/${guide.id}/images/${sha}`)).statusCode).toBe(400);
  });

  it("limits public reads per address", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    await tenant.admin.request("POST", `${GUIDES}/${guide.id}/publish`);
    const read = () =>
      t.app.inject({
        method: "GET",
        url: `${PUBLIC_GUIDES}/${guide.id}`,
        headers: { "x-tenantid": tenant.code },
        remoteAddress: "10.9.8.7",
      });
    let last = await read();
    for (let n = 1; n <= 240 && last.statusCode === 200; n++) last = await read();
    expect(last.statusCode).toBe(429);
  });
});

describe("the files a guide holds", () => {
  const shaOf = (url: string) => new URL(url, "http://x").pathname.split("/").pop() ?? "";
  const isStored = async (sha256: string) => (await t.services.blobs.statBlob(tenant.id, sha256)) !== undefined;

  it("keeps a sized copy while any guide holds it, and lets it go with the last one", async () => {
    // A size no other test uses: pictures of one size are the same bytes, and so are their sized copies.
    const logo = await imageAsset(tenant.admin, 1148 * 3, 249 * 3);
    const first = await newGuide(tenant.admin, { title: "First", logo: logo.uuid });
    const second = await newGuide(tenant.admin, { title: "Second", logo: logo.uuid });
    const sized = shaOf(first.logo?.url ?? "");
    expect(shaOf(second.logo?.url ?? "")).toBe(sized);

    expect((await tenant.admin.request("DELETE", `${GUIDES}/${first.id}`)).statusCode).toBe(204);
    await runJobs(t);
    expect(await isStored(sized)).toBe(true);
    expect((await fetchBare(second.logo?.url ?? "")).statusCode).toBe(200);

    // Another logo replaces the copy; the old one had no other holder.
    const replaced = await tenant.admin.request("PUT", `${GUIDES}/${second.id}`, { title: "Second", logo: assets.logo.uuid });
    expect(replaced.statusCode).toBe(200);
    await runJobs(t);
    expect(await isStored(sized)).toBe(false);
    expect(await isStored(shaOf(replaced.json().logo.url))).toBe(true);
  });

  it("the orphan sweep leaves a guide's sized copies alone however old they are", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    const files = [shaOf(guide.logo?.url ?? ""), shaOf(guide.cover?.url ?? "")];
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + ORPHAN_GRACE_MS * 2);
      await t.services.orphanSweep.sweepTenant(tenant.id);
    } finally {
      vi.useRealTimers();
    }
    for (const sha256 of files) expect(await isStored(sha256)).toBe(true);
  });
});

describe("permissions", () => {
  it("needs repox.stories.show to read and repox.stories.edit to write, on every route", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    const nobody = await tenant.newUser({ permissions: [] });
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
    const writerOnly = await tenant.newUser({ permissions: [PERMISSIONS.storiesEdit] });
    const author = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const logoPath = new URL(guide.logo?.url ?? "", "http://x").pathname;
    const reads = [GUIDES, `${GUIDES}/${guide.id}`, `${GUIDES}/${guide.id}/activity`, logoPath];
    const writes: [method: "POST" | "PUT" | "DELETE", url: string, body: unknown][] = [
      ["POST", GUIDES, { title: "T" }],
      ["PUT", `${GUIDES}/${guide.id}`, completeBody(assets)],
      ["POST", `${GUIDES}/${guide.id}/publish`, undefined],
      ["POST", `${GUIDES}/${guide.id}/unpublish`, undefined],
      ["DELETE", `${GUIDES}/${guide.id}`, undefined],
    ];
    for (const url of reads) {
      for (const caller of [nobody, writerOnly]) {
        const answer = await caller.request("GET", url);
        expect([answer.statusCode, answer.json().message], url).toEqual([
          403,
          "You do not have permission to do this (requires repox.stories.show)",
        ]);
      }
      expect((await reader.request("GET", url)).statusCode, url).toBe(200);
      expect((await tenant.anonymous.request("GET", url)).statusCode, url).toBe(401);
    }
    for (const [method, url, body] of writes) {
      for (const caller of [nobody, reader]) {
        const answer = await caller.request(method, url, body);
        expect([answer.statusCode, answer.json().message], `${method} ${url}`).toEqual([
          403,
          "You do not have permission to do this (requires repox.stories.edit)",
        ]);
      }
      expect((await tenant.anonymous.request(method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    for (const [method, url, body] of writes) {
      expect((await author.request(method, url, body)).statusCode, `${method} ${url}`).toBeLessThan(300);
    }
  });

  it("a signed image link stops working once its user loses repox.stories.show", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
    const link = (await reader.request("GET", `${GUIDES}/${guide.id}`)).json().logo.url;
    expect((await fetchBare(link)).statusCode).toBe(200);
    const groups = (await tenant.admin.request("GET", "/api/groups?size=100")).json();
    const group = groups.content.find((g: { name: string }) => g.name === `${reader.username} group`);
    const changed = await tenant.admin.request("PUT", `/api/groups/${group.id}`, {
      name: group.name,
      iamPermissions: [],
      users: [reader.uuid],
    });
    expect(changed.statusCode).toBe(200);
    expect((await fetchBare(link)).statusCode).toBe(403);
  });
});

describe("across tenants", () => {
  it("a guide of one tenant is unknown at another, on every route and in public", async () => {
    const guide = await newGuide(tenant.admin, completeBody(assets));
    await tenant.admin.request("POST", `${GUIDES}/${guide.id}/publish`);
    const theirAssets = await guideAssets(other.admin);
    for (const [method, url, body] of [
      ["GET", `${GUIDES}/${guide.id}`, undefined],
      ["GET", `${GUIDES}/${guide.id}/activity`, undefined],
      ["PUT", `${GUIDES}/${guide.id}`, completeBody(theirAssets)],
      ["POST", `${GUIDES}/${guide.id}/publish`, undefined],
      ["POST", `${GUIDES}/${guide.id}/unpublish`, undefined],
      ["DELETE", `${GUIDES}/${guide.id}`, undefined],
      ["GET", new URL(guide.logo?.url ?? "", "http://x").pathname, undefined],
    ] as const) {
      expect((await other.admin.request(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await other.admin.request("GET", GUIDES)).json().content.map((g: { id: string }) => g.id)).not.toContain(guide.id);
    // Assets of one tenant cannot be chosen at another.
    const foreign = await other.admin.request("POST", GUIDES, completeBody(assets));
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, `Invalid body: logo names no story image (${assets.logo.uuid})`]);
    // The public guide and its images: not at the other tenant's header or code.
    expect((await other.anonymous.request("GET", `${PUBLIC_GUIDES}/${guide.id}`)).statusCode).toBe(404);
    const publicGuide = (await tenant.anonymous.request("GET", `${PUBLIC_GUIDES}/${guide.id}`)).json();
    const logo = new URL(publicGuide.logoUrl, "http://x");
    logo.searchParams.set("tenant", other.code);
    expect((await fetchBare(`${logo.pathname}${logo.search}`)).statusCode).toBe(404);
    // A token of one tenant is refused at another.
    const crossed = await t.caller({ "x-tenantid": other.code, authorization: `Bearer ${tenant.admin.token}` }).request("GET", GUIDES);
    expect(crossed.statusCode).toBe(401);
  });
});
