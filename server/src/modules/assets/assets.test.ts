import { type Asset, PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import { png } from "../../platform/media/test-media.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { newBox, setUpFileModel, uploadOne } from "../datastreams/testing.ts";
import { runJobs } from "../trash/testing.ts";
import { resolveAssetForTenant } from "./service.ts";
import { bmp, distinctPng, imageData, uploadAsset, uploadAssetRequest } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let picture: Asset;
let pictureBytes: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  pictureBytes = await png(800, 600);
  picture = await uploadAsset(tenant.admin, { name: "beach.png", content: pictureBytes }, imageData("Sunset Beach"));
});
afterAll(() => t.close());

/** A request with no token and no tenant header, as an <img> element makes it. */
const bare = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

type AssetPage = { content: Asset[]; totalElements: number; totalPages: number; number: number; last: boolean; first: boolean };

async function page(caller: TestTenant["admin"], url: string): Promise<AssetPage> {
  const answer = await caller.request("GET", url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe("the asset list", () => {
  it("pages the tenant's assets oldest first, so a new upload is on the last page", async () => {
    const fresh = await t.newTenant();
    const uploaded: Asset[] = [];
    for (const label of ["First", "Second", "Third", "Fourth", "Fifth"]) {
      uploaded.push(await uploadAsset(fresh.admin, { name: `${label}.png`, content: await distinctPng() }, imageData(label)));
    }
    const first = await page(fresh.admin, "/api/assets?page=0&size=2");
    expect(first).toMatchObject({ totalElements: 5, totalPages: 3, number: 0, first: true, last: false });
    expect(first.content.map((asset) => asset.label)).toEqual(["First", "Second"]);
    const last = await page(fresh.admin, "/api/assets?page=2&size=2");
    expect(last).toMatchObject({ number: 2, last: true, pageable: { pageNumber: 2, pageSize: 2 }, numberOfElements: 1 });
    expect(last.content).toEqual([uploaded[4]]);
    const beyond = await page(fresh.admin, "/api/assets?page=7&size=2");
    expect([beyond.content, beyond.totalElements]).toEqual([[], 5]);
    const defaults = await page(fresh.admin, "/api/assets");
    expect(defaults).toMatchObject({ size: 20, totalElements: 5 });
  });

  it("refuses a bad page or size with 400", async () => {
    for (const query of ["page=-1", "page=x", "size=0", "size=100000"]) {
      const answer = await tenant.admin.request("GET", `/api/assets?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message).toMatch(/page|size/);
    }
  });

  it("answers one asset, and 404 with a message for an unknown or malformed id", async () => {
    const one = await tenant.admin.request("GET", `/api/assets/${picture.uuid}`);
    expect(one.json()).toEqual(picture);
    const unknown = await tenant.admin.request("GET", "/api/assets/01900000-0000-7000-8000-000000000000");
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, "Asset 01900000-0000-7000-8000-000000000000 not found"]);
    expect((await tenant.admin.request("GET", "/api/assets/not-a-uuid")).statusCode).toBe(400);
  });
});

describe("searching assets by label", () => {
  let searchTenant: TestTenant;

  beforeAll(async () => {
    searchTenant = await t.newTenant();
    for (const label of ["Sunset Beach", "École d'été", "Mountain lake", "100% pure", "Beach house"]) {
      await uploadAsset(searchTenant.admin, { name: "x.png", content: await distinctPng() }, imageData(label));
    }
  });

  const labels = async (query: string) =>
    (await page(searchTenant.admin, `/api/search_assets?${query}`)).content.map((asset) => asset.label);

  it("matches anywhere in the label, ignoring case and accents, in upload order", async () => {
    expect(await labels("q=image&page=0&label=BEACH")).toEqual(["Sunset Beach", "Beach house"]);
    expect(await labels("q=image&label=ecole%20d'ETE")).toEqual(["École d'été"]);
    expect(await labels(`q=image&label=${encodeURIComponent("lÄke")}`)).toEqual(["Mountain lake"]);
    expect(await labels("q=IMAGE&label=nothing like it")).toEqual([]);
  });

  it("takes % and _ literally, and lists every image without a label", async () => {
    expect(await labels("q=image&label=%25")).toEqual(["100% pure"]);
    expect(await labels("q=image&label=_")).toEqual([]);
    expect(await labels("q=image")).toHaveLength(5);
    expect(await labels("label=beach")).toHaveLength(2);
    expect(await labels("q=&label=beach")).toHaveLength(2);
  });

  it("pages the hits", async () => {
    const second = await page(searchTenant.admin, "/api/search_assets?q=image&label=beach&page=1&size=1");
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, last: true });
    expect(second.content.map((asset) => asset.label)).toEqual(["Beach house"]);
  });

  it("refuses an unknown asset type and an overlong label with 400", async () => {
    const video = await searchTenant.admin.request("GET", "/api/search_assets?q=video");
    expect([video.statusCode, video.json().message]).toEqual([400, "Invalid querystring: q must be IMAGE"]);
    const long = await searchTenant.admin.request("GET", `/api/search_assets?label=${"a".repeat(256)}`);
    expect(long.statusCode).toBe(400);
  });
});

describe("downloading", () => {
  it("streams the bytes as uploaded with the image type, an attachment name, ETag and nosniff", async () => {
    const answer = await tenant.admin.request("GET", `/api/assets/${picture.uuid}/download`);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(pictureBytes);
    expect(answer.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(pictureBytes.length),
      "content-disposition": 'attachment; filename="Sunset Beach.png"',
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
    });
    const ranged = await tenant.admin.request("GET", `/api/assets/${picture.uuid}/download`, undefined, { range: "bytes=0-7" });
    expect([ranged.statusCode, ranged.rawPayload]).toEqual([206, pictureBytes.subarray(0, 8)]);
    const cached = await tenant.admin.request("GET", `/api/assets/${picture.uuid}/download`, undefined, {
      "if-none-match": answer.headers.etag as string,
    });
    expect(cached.statusCode).toBe(304);
  });

  it("works through the signed link without token or tenant header, and not with a tampered one", async () => {
    const viaLink = await bare(picture.downloadUrl);
    expect([viaLink.statusCode, viaLink.rawPayload]).toEqual([200, pictureBytes]);
    const tampered = picture.downloadUrl.replace(/sig=(.)/, (_match, first: string) => `sig=${first === "A" ? "B" : "A"}`);
    expect((await bare(tampered)).statusCode).toBe(403);
    const asThumbnail = picture.downloadUrl.replace("/download?", "/thumbnail?");
    expect((await bare(asThumbnail)).statusCode).toBe(403);
  });

  it("needs a sign-in without a link", async () => {
    const answer = await bare(`/api/assets/${picture.uuid}/download`, { "x-tenantid": tenant.code });
    expect([answer.statusCode, answer.json().message]).toEqual([401, "Please sign in"]);
  });
});

describe("thumbnails", () => {
  it("are made by the media job: 404 until then, then a WebP through the route and the asset's signed link", async () => {
    const fresh = await uploadAsset(tenant.admin, { name: "thumb.png", content: await png(640, 480, 3) });
    const url = `/api/assets/${fresh.uuid}/thumbnail`;
    const early = await tenant.admin.request("GET", url);
    expect([early.statusCode, early.json().message]).toEqual([404, "The thumbnail is not ready yet."]);
    await runJobs(t);
    const answer = await tenant.admin.request("GET", url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-type": "image/webp",
      "content-disposition": "inline",
      "x-content-type-options": "nosniff",
    });
    expect(answer.rawPayload.subarray(0, 4).toString("latin1")).toBe("RIFF");
    const shown = (await tenant.admin.request("GET", `/api/assets/${fresh.uuid}`)).json() as Asset;
    expect(shown.thumbnail.status).toBe("ready");
    const viaLink = await bare(shown.thumbnail.url ?? "");
    expect([viaLink.statusCode, viaLink.rawPayload]).toEqual([200, answer.rawPayload]);
    const listed = (await page(tenant.admin, "/api/assets?size=200")).content.find((asset) => asset.uuid === fresh.uuid);
    expect(listed?.thumbnail).toEqual(shown.thumbnail);
  });

  it("say when a kind of image gets none (BMP), and the image itself still serves", async () => {
    const bitmap = await uploadAsset(tenant.admin, { name: "old.bmp", content: bmp(30, 20) });
    await runJobs(t);
    const answer = await tenant.admin.request("GET", `/api/assets/${bitmap.uuid}/thumbnail`);
    expect([answer.statusCode, answer.json().message]).toEqual([404, "There is no thumbnail for this kind of image."]);
    expect(((await tenant.admin.request("GET", `/api/assets/${bitmap.uuid}`)).json() as Asset).thumbnail).toEqual({
      status: "unsupported",
      url: null,
    });
    expect((await tenant.admin.request("GET", `/api/assets/${bitmap.uuid}/download`)).headers["content-type"]).toBe("image/bmp");
  });
});

describe("permissions", () => {
  const readRoutes = () => [
    "/api/assets",
    "/api/search_assets?q=image&label=beach",
    `/api/assets/${picture.uuid}`,
    `/api/assets/${picture.uuid}/download`,
    `/api/assets/${picture.uuid}/thumbnail`,
  ];

  it("without repox.stories.show every asset route answers 403, the upload too", async () => {
    const outsider = await tenant.newUser({ permissions: [PERMISSIONS.surveysShow, PERMISSIONS.surveysEdit] });
    for (const url of readRoutes()) {
      const answer = await outsider.request("GET", url);
      expect([url, answer.statusCode]).toEqual([url, 403]);
      expect(answer.json().message).toBe("You do not have permission to do this (requires repox.stories.show)");
    }
    const upload = await uploadAssetRequest(outsider, [{ name: "x.png", content: await distinctPng() }], imageData());
    expect([upload.statusCode, upload.json().message]).toEqual([
      403,
      "You do not have permission to do this (requires repox.stories.edit)",
    ]);
  });

  it("a signed link of a user without repox.stories.show is refused", async () => {
    const outsider = await tenant.newUser();
    const link = t.services.signedUrls.signUrl(`/api/assets/${picture.uuid}/download?tenant=${tenant.code}`, {
      tenant: tenant.id,
      userId: outsider.uuid,
    });
    const answer = await bare(link);
    expect([answer.statusCode, answer.json().message]).toEqual([
      403,
      "You do not have permission to do this (requires repox.stories.show)",
    ]);
  });

  it("with repox.stories.show only, everything reads but the upload answers 403", async () => {
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow] });
    for (const url of readRoutes().slice(0, 4)) {
      expect([url, (await reader.request("GET", url)).statusCode]).toEqual([url, 200]);
    }
    const upload = await uploadAssetRequest(reader, [{ name: "x.png", content: await distinctPng() }], imageData());
    expect([upload.statusCode, upload.json().message]).toEqual([
      403,
      "You do not have permission to do this (requires repox.stories.edit)",
    ]);
    const editor = await tenant.newUser({ permissions: [PERMISSIONS.storiesShow, PERMISSIONS.storiesEdit] });
    const allowed = await uploadAssetRequest(editor, [{ name: "x.png", content: await distinctPng() }], imageData());
    expect(allowed.statusCode).toBe(201);
  });

  it("without a sign-in every route answers 401", async () => {
    for (const url of readRoutes()) expect([url, (await tenant.anonymous.request("GET", url)).statusCode]).toEqual([url, 401]);
    expect((await uploadAssetRequest(tenant.anonymous, [{ name: "x.png", content: await distinctPng() }], imageData())).statusCode).toBe(
      401,
    );
  });
});

describe("tenants are kept apart", () => {
  it("tenant A's asset is not found at tenant B: get, download, thumbnail", async () => {
    await runJobs(t);
    for (const path of ["", "/download", "/thumbnail"]) {
      const answer = await other.admin.request("GET", `/api/assets/${picture.uuid}${path}`);
      expect([path, answer.statusCode, answer.json().message]).toEqual([path, 404, `Asset ${picture.uuid} not found`]);
    }
    const listed = await page(other.admin, "/api/assets?size=200");
    expect(listed.content.map((asset) => asset.uuid)).not.toContain(picture.uuid);
    const searched = await page(other.admin, "/api/search_assets?q=image&label=sunset");
    expect(searched.totalElements).toBe(0);
  });

  it("tenant A's signed link does not work at tenant B, nor A's token", async () => {
    const moved = await bare(picture.downloadUrl.replace(`tenant=${tenant.code}`, `tenant=${other.code}`));
    expect([moved.statusCode, moved.json().message]).toEqual([403, "This link is not valid."]);
    const foreignToken = await other.as(tenant.admin.token).request("GET", "/api/assets");
    expect(foreignToken.statusCode).toBe(401);
  });

  it("resolveAssetForTenant finds the asset in its own tenant only", async () => {
    const own = await tenantDb(t.db, tenant.id).transaction((trx) => resolveAssetForTenant(trx, picture.uuid));
    expect(own).toEqual({
      id: picture.uuid,
      label: "Sunset Beach",
      type: "IMAGE",
      mimeType: "image/png",
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      size: pictureBytes.length,
    });
    const foreign = await tenantDb(t.db, other.id).transaction((trx) => resolveAssetForTenant(trx, picture.uuid));
    expect(foreign).toBeUndefined();
  });
});

describe("files shared with the content store", () => {
  it("an asset keeps its file when a datastream of the same content is deleted for good", async () => {
    const shared = await t.newTenant();
    await setUpFileModel(shared.admin);
    const box = await newBox(shared.admin);
    const bytes = await png(50, 50, 2);
    const asset = await uploadAsset(shared.admin, { name: "shared.png", content: bytes });
    const datastream = await uploadOne(shared.admin, box, { name: "shared.png", content: bytes });
    expect((await shared.admin.request("POST", `/api/datastreams/${datastream.uuid}/remove`)).statusCode).toBe(200);
    const purge = await shared.admin.request("DELETE", "/api/trash/items", {
      objects: [{ objectType: "DATASTREAM", objectId: datastream.uuid }],
    });
    expect(purge.statusCode).toBe(200);
    await runJobs(t);
    const download = await shared.admin.request("GET", `/api/assets/${asset.uuid}/download`);
    expect([download.statusCode, download.rawPayload]).toEqual([200, bytes]);
    expect((await shared.admin.request("GET", "/api/storage/info")).json().used).toBe(bytes.length);
  });
});

describe("the API document", () => {
  it("lists every asset route", async () => {
    const answer = await tenant.anonymous.request("GET", "/api/openapi.json");
    expect(answer.statusCode).toBe(200);
    const paths = answer.json().paths;
    expect(Object.keys(paths["/api/assets"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(paths["/api/search_assets"].get.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(
      expect.arrayContaining(["q", "label", "page", "size"]),
    );
    for (const path of ["/api/assets/{uuid}", "/api/assets/{uuid}/download", "/api/assets/{uuid}/thumbnail"]) {
      expect(paths[path].get, path).toBeTruthy();
    }
  });
});
