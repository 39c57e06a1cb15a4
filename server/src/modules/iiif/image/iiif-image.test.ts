// IIIF Image API 3.0 level 2 through HTTP on a real database and blob store: info.json and its headers, every
// parameter form checked in the answer's pixels, refusals, publishing rules, tenants kept apart, the tile cache and
// the size limits.
import { access, rm, utimes } from "node:fs/promises";
import { join } from "node:path";
import { IIIF_IMAGE_LIMITS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blobKey } from "../../../platform/blobs/blob-store.ts";
import { ORPHAN_GRACE_MS } from "../../../platform/blobs/orphan-sweep.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../../test/test-app.ts";
import { filesUnder, newBox, setUpFileModel, uploadOne } from "../../datastreams/testing.ts";
import { removeContainer, runJobs } from "../../trash/testing.ts";
import { BLUE, claimedPng, GREEN, isNear, pixelsOf, quadrantPng, RED, type Rgb, YELLOW } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let box: string;
let image: string;
let otherImage: string;

const publish = async (of: TestTenant, container: string, action: "publish" | "unpublish" = "publish") => {
  const answer = await of.admin.request("POST", `/api/containers/${container}/${action}`);
  expect(answer.statusCode).toBe(200);
};
/** An anonymous request without the tenant header: the path names the tenant. */
const get = (path: string, headers: Record<string, string> = {}) => t.caller({}).request("GET", path, undefined, headers);
const base = (uuid: string, of: TestTenant = tenant) => `/${of.code}/iiif/3/${uuid}`;
const fetchImage = async (parameters: string, uuid = image) => {
  const answer = await get(`${base(uuid)}/${parameters}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
};
const pixels = async (parameters: string) => pixelsOf((await fetchImage(parameters)).rawPayload);

async function publishedImage(of: TestTenant, name: string, content: Buffer): Promise<string> {
  return (await publishedImageIn(of, name, content)).uuid;
}

async function publishedImageIn(of: TestTenant, name: string, content: Buffer): Promise<{ uuid: string; container: string }> {
  const container = await newBox(of.admin, name);
  const datastream = await uploadOne(of.admin, container, { name, content });
  await publish(of, container);
  return { uuid: datastream.uuid, container };
}

beforeAll(async () => {
  t = await createTestApp();
  [tenant, other] = [await t.newTenant(), await t.newTenant()];
  await Promise.all([setUpFileModel(tenant.admin), setUpFileModel(other.admin)]);
  box = await newBox(tenant.admin, "Quadrants");
  image = (await uploadOne(tenant.admin, box, { name: "quadrants.png", content: await quadrantPng(200, 100) })).uuid;
  await publish(tenant, box);
  otherImage = await publishedImage(other, "other.png", await quadrantPng(60, 40));
});
afterAll(() => t.close());

describe("info.json", () => {
  it("describes the image at level 2 with its size, limits, sizes, tiles and extras", async () => {
    const answer = await get(`${base(image)}/info.json`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(answer.json()).toEqual({
      "@context": "http://iiif.io/api/image/3/context.json",
      id: `http://localhost:80${base(image)}`,
      type: "ImageService3",
      protocol: "http://iiif.io/api/image",
      profile: "level2",
      width: 200,
      height: 100,
      maxWidth: IIIF_IMAGE_LIMITS.maxWidth,
      maxHeight: IIIF_IMAGE_LIMITS.maxHeight,
      maxArea: IIIF_IMAGE_LIMITS.maxArea,
      sizes: [{ width: 200, height: 100 }],
      tiles: [{ width: 512, height: 512, scaleFactors: [1] }],
      extraQualities: ["gray", "bitonal"],
      extraFormats: ["webp"],
      extraFeatures: ["mirroring", "rotationArbitrary", "sizeUpscaling", "profileLinkHeader", "canonicalLinkHeader"],
    });
  });

  it("answers JSON-LD when asked, with CORS and the level 2 profile link", async () => {
    const answer = await get(`${base(image)}/info.json`, { accept: "application/ld+json" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toBe('application/ld+json;profile="http://iiif.io/api/image/3/context.json"');
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(answer.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(answer.headers.link).toBe('<http://iiif.io/api/image/3/level2.json>;rel="profile"');
    expect(answer.headers["x-ratelimit-limit"]).toBe(String(IIIF_IMAGE_LIMITS.requestsPerMinute));
  });

  it("answers 400, not the web app, for other paths below the service", async () => {
    for (const path of [`${base(image)}/full/max/0`, `${base(image)}/full/max/0/default.jpg/more`, `${base(image)}/info.xml`]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(400);
      expect(answer.json().message).toContain("An Image API request is /{tenant}/iiif/3/{id}/info.json");
    }
  });

  it("redirects the base URI to info.json with 303", async () => {
    const answer = await get(base(image));
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`http://localhost:80${base(image)}/info.json`);
  });

  it("describes a large image's pyramid: halvings down to one tile", async () => {
    const wide = await publishedImage(tenant, "wide.png", await quadrantPng(1100, 300));
    const info = (await get(`${base(wide)}/info.json`)).json();
    expect(info.tiles).toEqual([{ width: 512, height: 512, scaleFactors: [1, 2, 4] }]);
    expect(info.sizes).toEqual([
      { width: 275, height: 75 },
      { width: 550, height: 150 },
      { width: 1100, height: 300 },
    ]);
  });
});

describe("image requests", () => {
  const expectColours = async (parameters: string, expected: { x: number; y: number; colour: Rgb }[]) => {
    const answer = await pixels(parameters);
    for (const { x, y, colour } of expected)
      expect(answer.at(x, y), `${parameters} at ${x},${y}`).toSatisfy((p: number[]) => isNear(p, colour));
    return answer;
  };

  it("answers the full image with the CORS, profile and canonical links, an ETag and no metadata", async () => {
    const answer = await fetchImage("full/max/0/default.png");
    expect(answer.headers["content-type"]).toBe("image/png");
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(answer.headers.link).toBe(
      `<http://iiif.io/api/image/3/level2.json>;rel="profile", <http://localhost:80${base(image)}/full/max/0/default.png>;rel="canonical"`,
    );
    expect(answer.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(answer.headers["cache-control"]).toBe("public, no-cache");
    const decoded = await expectColours("full/max/0/default.png", [
      { x: 10, y: 10, colour: RED },
      { x: 190, y: 10, colour: GREEN },
      { x: 10, y: 90, colour: BLUE },
      { x: 190, y: 90, colour: YELLOW },
    ]);
    expect([decoded.width, decoded.height]).toEqual([200, 100]);
    const again = await get(`${base(image)}/full/max/0/default.png`, { "if-none-match": String(answer.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("cuts each form of region where it says", async () => {
    const square = await expectColours("square/max/0/default.png", [
      { x: 10, y: 10, colour: RED },
      { x: 90, y: 10, colour: GREEN },
      { x: 10, y: 90, colour: BLUE },
    ]);
    expect([square.width, square.height]).toEqual([100, 100]);
    const green = await expectColours("100,0,100,50/max/0/default.png", [
      { x: 0, y: 0, colour: GREEN },
      { x: 99, y: 49, colour: GREEN },
    ]);
    expect([green.width, green.height]).toEqual([100, 50]);
    const cut = await pixels("150,75,100,100/max/0/default.png");
    expect([cut.width, cut.height]).toEqual([50, 25]);
    const blue = await expectColours("pct:0,50,50,50/max/0/default.png", [
      { x: 0, y: 0, colour: BLUE },
      { x: 99, y: 49, colour: BLUE },
    ]);
    expect([blue.width, blue.height]).toEqual([100, 50]);
  });

  it.each([
    ["max", 200, 100],
    ["50,", 50, 25],
    [",25", 50, 25],
    ["pct:50", 100, 50],
    ["40,40", 40, 40],
    ["!40,40", 40, 20],
    ["^400,", 400, 200],
    ["^pct:150", 300, 150],
    ["^!400,400", 400, 200],
  ])("scales to size %s", async (size, width, height) => {
    const answer = await pixels(`full/${size}/0/default.png`);
    expect([answer.width, answer.height]).toEqual([width, height]);
    expect(isNear(answer.at(0, 0), RED)).toBe(true);
    expect(isNear(answer.at(width - 1, height - 1), YELLOW)).toBe(true);
  });

  it("enlarges ^max up to the limits", async () => {
    const answer = await fetchImage("full/^max/0/default.jpg");
    expect(answer.headers.link).toContain(`/full/^4096,2048/0/default.jpg>;rel="canonical"`);
    const decoded = await pixelsOf(answer.rawPayload);
    expect([decoded.width, decoded.height]).toEqual([4096, 2048]);
  });

  it("turns the image by 90° steps, mirrors it, and rotates it by any angle", async () => {
    const turned = await expectColours("full/max/90/default.png", [
      { x: 75, y: 50, colour: RED },
      { x: 25, y: 50, colour: BLUE },
      { x: 75, y: 150, colour: GREEN },
      { x: 25, y: 150, colour: YELLOW },
    ]);
    expect([turned.width, turned.height]).toEqual([100, 200]);
    await expectColours("full/max/180/default.png", [
      { x: 10, y: 10, colour: YELLOW },
      { x: 190, y: 90, colour: RED },
    ]);
    await expectColours("full/max/!0/default.png", [
      { x: 10, y: 10, colour: GREEN },
      { x: 190, y: 10, colour: RED },
      { x: 10, y: 90, colour: YELLOW },
    ]);
    // Mirrored first, then turned: the mirrored bottom left (yellow) comes to the top left.
    await expectColours("full/max/!90/default.png", [
      { x: 25, y: 50, colour: YELLOW },
      { x: 75, y: 50, colour: GREEN },
      { x: 25, y: 150, colour: BLUE },
      { x: 75, y: 150, colour: RED },
    ]);
    const tilted = await pixels("full/max/45/default.png");
    expect(tilted.width).toBeGreaterThanOrEqual(212);
    expect(tilted.height).toBeGreaterThanOrEqual(212);
    expect(tilted.at(0, 0)[3]).toBe(0);
  });

  it("answers gray with equal channels and bitonal with black and white only", async () => {
    for (const format of ["png", "jpg", "webp"]) {
      const gray = await pixels(`full/max/0/gray.${format}`);
      for (const [x, y] of [
        [10, 10],
        [190, 10],
        [10, 90],
        [190, 90],
      ] as const) {
        // One channel, or three equal ones (lossy formats may differ by a rounding step).
        const [r = 0, g = r, b = r] = gray.at(x, y);
        expect(Math.max(Math.abs(r - g), Math.abs(r - b)), `gray.${format}`).toBeLessThanOrEqual(format === "png" ? 0 : 2);
      }
    }
    const bitonal = await pixelsOf((await fetchImage("full/max/0/bitonal.png")).rawPayload);
    const values = new Set<number>();
    for (let y = 0; y < bitonal.height; y += 3) for (let x = 0; x < bitonal.width; x += 3) for (const v of bitonal.at(x, y)) values.add(v);
    expect([...values].sort()).toEqual([0, 255]);
    expect(isNear((await pixels("full/max/0/color.png")).at(10, 10), RED)).toBe(true);
  });

  it("answers a screenful of requests sent at once (renders wait their turn instead of being refused)", async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => get(`${base(image)}/full/${20 + index},/0/default.jpg`)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
  });

  it("writes jpg, png and webp", async () => {
    const jpg = await fetchImage("full/50,/0/default.jpg");
    expect(jpg.headers["content-type"]).toBe("image/jpeg");
    expect(jpg.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const png = await fetchImage("full/50,/0/default.png");
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");
    const webp = await fetchImage("full/50,/0/default.webp");
    expect(webp.headers["content-type"]).toBe("image/webp");
    expect(webp.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
  });

  it.each([
    ["full/max/0/default.bmp", 400, "'bmp' is not one of jpg, png or webp"],
    ["full/max/0/default.tif", 501, "does not produce tif"],
    ["full/max/0/grey.jpg", 400, "must be default, color, gray or bitonal"],
    ["full/max/-90/default.jpg", 400, "from 0 to 360"],
    ["full/max/361/default.jpg", 400, "from 0 to 360"],
    ["full/0,/0/default.jpg", 400, "zero dimension"],
    ["full/201,/0/default.jpg", 400, "larger than the region (200 × 100); start the size with ^"],
    ["full/pct:101/0/default.jpg", 400, "above 100%"],
    ["full/^4097,/0/default.jpg", 400, "above this server's limits"],
    ["full/^!5000,5000/0/default.jpg", 400, "above this server's limits"],
    ["200,0,10,10/max/0/default.jpg", 400, "starts outside the image"],
    ["0,0,0,10/max/0/default.jpg", 400, "no width or no height"],
    ["everything/max/0/default.jpg", 400, "is not full, square"],
    [`full/max/0/${"a".repeat(40)}.jpg`, 400, "qualityFormat"],
  ])("refuses %s with %i and a message", async (parameters, status, message) => {
    const answer = await get(`${base(image)}/${parameters}`);
    expect(answer.statusCode).toBe(status);
    expect(answer.json().message).toContain(message);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
  });
});

describe("what is served", () => {
  it("answers 404 for unpublished containers' images, again after unpublishing, and for trashed containers", async () => {
    const hidden = await newBox(tenant.admin, "Hidden");
    const uuid = (await uploadOne(tenant.admin, hidden, { name: "hidden.png", content: await quadrantPng(20, 20) })).uuid;
    const notFound = async () => {
      for (const path of [`${base(uuid)}/info.json`, `${base(uuid)}/full/max/0/default.jpg`]) {
        const answer = await get(path);
        expect(answer.statusCode, path).toBe(404);
        expect(answer.json().message).toBe(`There is no published image ${uuid}.`);
      }
    };
    await notFound();
    await publish(tenant, hidden);
    expect((await get(`${base(uuid)}/info.json`)).statusCode).toBe(200);
    await publish(tenant, hidden, "unpublish");
    await notFound();
    await publish(tenant, hidden);
    await removeContainer(tenant.admin, hidden);
    await notFound();
  });

  it("answers 404 for an image removed from its published container", async () => {
    const { uuid, container } = await publishedImageIn(tenant, "removed.png", await quadrantPng(30, 30));
    expect((await get(`${base(uuid)}/info.json`)).statusCode).toBe(200);
    expect((await tenant.admin.request("POST", `/api/datastreams/${uuid}/remove?from=${container}`)).statusCode).toBe(200);
    expect((await get(`${base(uuid)}/info.json`)).statusCode).toBe(404);
    expect((await get(`${base(uuid)}/full/max/0/default.jpg`)).statusCode).toBe(404);
  });

  it("answers 404 for files that are not images and for unknown ids", async () => {
    const text = (await uploadOne(tenant.admin, box, { name: "notes.txt", content: Buffer.from("plain words") })).uuid;
    expect((await get(`${base(text)}/info.json`)).statusCode).toBe(404);
    expect((await get(`${base("0190d9f2-0000-7000-8000-000000000000")}/info.json`)).statusCode).toBe(404);
    expect((await get(`${base("not-a-uuid")}/full/max/0/default.jpg`)).statusCode).toBe(404);
    expect((await get(`/no-such-tenant/iiif/3/${image}/info.json`)).statusCode).toBe(404);
  });

  it("keeps tenants apart: another tenant's uuid under this tenant's path is unknown", async () => {
    expect((await get(`${base(otherImage, other)}/info.json`)).statusCode).toBe(200);
    for (const path of [`${base(otherImage)}/info.json`, `${base(otherImage)}/full/max/0/default.jpg`, `${base(image, other)}/info.json`]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body).not.toContain(other.code);
    }
  });

  it("refuses images past sharp's pixel limit without decoding them", async () => {
    const bomb = await publishedImage(tenant, "bomb.png", claimedPng(20_000, 20_000));
    const answer = await get(`${base(bomb)}/info.json`);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toContain("more than 268 million pixels");
  });
});

describe("tile cache", () => {
  it("keeps described tiles as derivatives and serves them again without the source", async () => {
    const uuid = await publishedImage(tenant, "cached.png", await quadrantPng(1100, 300, [GREEN, RED, YELLOW, BLUE]));
    const derivativeFiles = () => filesUnder(join(t.config.dataDir, "derivatives", tenant.id));
    const before = (await derivativeFiles()).length;
    const tile = `${base(uuid)}/512,0,512,300/512,/0/default.jpg`;
    const first = await get(tile);
    expect(first.statusCode).toBe(200);
    expect((await derivativeFiles()).length).toBe(before + 1);
    // Not a described tile: rendered, not kept.
    expect((await get(`${base(uuid)}/0,0,100,100/max/0/default.jpg`)).statusCode).toBe(200);
    expect((await derivativeFiles()).length).toBe(before + 1);

    const { sha256 } = (await tenant.admin.request("GET", `/api/datastreams/${uuid}`)).json();
    await rm(join(t.config.dataDir, "blobs", blobKey(tenant.id, sha256)));
    const second = await get(tile);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    const uncached = await get(`${base(uuid)}/0,0,100,100/50,/0/default.jpg`);
    expect(uncached.statusCode).toBe(404);
    expect(uncached.json().message).toBe("The image's file is missing from the store.");
  });

  it("cuts zoomed-out tiles from a reduced level made once, so they no longer need the source", async () => {
    const uuid = await publishedImage(tenant, "levels.png", await quadrantPng(1600, 1200, [RED, GREEN, BLUE, YELLOW]));
    const derivativeFiles = () => filesUnder(join(t.config.dataDir, "derivatives", tenant.id));
    const before = (await derivativeFiles()).length;
    // Scale factor 2: the tile at the top left, then the one at the bottom right (an edge tile, 576 × 176 source pixels).
    const first = await pixelsOf((await fetchImage("0,0,1024,1024/512,/0/default.png", uuid)).rawPayload);
    expect([first.width, first.height]).toEqual([512, 512]);
    expect(isNear(first.at(5, 5), RED)).toBe(true);
    expect(isNear(first.at(506, 506), YELLOW)).toBe(true);
    // The level (the source halved) and the tile.
    expect((await derivativeFiles()).length).toBe(before + 2);

    const { sha256 } = (await tenant.admin.request("GET", `/api/datastreams/${uuid}`)).json();
    await rm(join(t.config.dataDir, "blobs", blobKey(tenant.id, sha256)));
    const edge = await pixelsOf((await fetchImage("1024,1024,576,176/288,/0/default.png", uuid)).rawPayload);
    expect([edge.width, edge.height]).toEqual([288, 88]);
    expect(isNear(edge.at(0, 0), YELLOW) && isNear(edge.at(287, 87), YELLOW)).toBe(true);
    // The whole image at a quarter is cut from its own level, which needs the source that is gone.
    expect((await get(`${base(uuid)}/full/400,/0/default.png`)).statusCode).toBe(404);
  });

  it("keeps cached tiles through the orphan sweep and removes them with their source when it is deleted for good", async () => {
    const { uuid, container } = await publishedImageIn(tenant, "purged.png", await quadrantPng(700, 200, [BLUE, BLUE, RED, RED]));
    const folder = join(t.config.dataDir, "derivatives", tenant.id);
    const before = new Set(await filesUnder(folder));
    expect((await get(`${base(uuid)}/0,0,512,200/512,/0/default.png`)).statusCode).toBe(200);
    const [tileFile, ...more] = (await filesUnder(folder)).filter((file) => !before.has(file));
    expect(more).toEqual([]);
    const tilePath = join(folder, tileFile ?? "missing");
    const old = new Date(Date.now() - 2 * ORPHAN_GRACE_MS);
    await utimes(tilePath, old, old);
    expect((await t.services.orphanSweep.sweepTenant(tenant.id)).derivatives).toBe(0);
    await access(tilePath);

    await removeContainer(tenant.admin, container);
    const deleted = await tenant.admin.request("DELETE", "/api/trash/items", {
      objects: [{ objectType: "CONTAINER", objectId: container }],
    });
    expect(deleted.statusCode).toBe(200);
    await runJobs(t);
    await expect(access(tilePath)).rejects.toThrow();
  });
});
