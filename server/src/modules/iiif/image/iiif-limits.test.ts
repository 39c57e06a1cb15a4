// The IIIF image server's limits through HTTP, each in a test app set small: the per-address rate limit (429), the
// render queue (503 when full), the source-size cap (404), the render deadline (503); and images served from S3
// storage (s3rver): level and tiles in the bucket, copies in scratch space kept within their budget and used again
// (renders go on from them with the bucket out of reach, while a level to store then answers 503).
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3Server, startS3Server } from "../../../test/s3-server.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../../test/test-app.ts";
import { newBox, setUpFileModel, uploadOne } from "../../datastreams/testing.ts";
import { BLUE, GREEN, isNear, noisePng, pixelsOf, quadrantPng, RED, YELLOW } from "./testing.ts";

const SOURCE_CAP = 200_000;
const COPY_BUDGET = 100_000;
let small: TestApp;
let slow: TestApp;
let bucketed: TestApp;
let s3: S3Server;
let isS3Closed = false;

async function publishedImage(of: TestTenant, name: string, content: Buffer): Promise<string> {
  const container = await newBox(of.admin, name);
  const { uuid } = await uploadOne(of.admin, container, { name, content });
  expect((await of.admin.request("POST", `/api/containers/${container}/publish`)).statusCode).toBe(200);
  return `/${of.code}/iiif/3/${uuid}`;
}

async function tenantOf(app: TestApp): Promise<TestTenant> {
  const tenant = await app.newTenant();
  await setUpFileModel(tenant.admin);
  return tenant;
}

/** The copies of S3 files in the bucketed app's scratch space, with their sizes. */
async function scratchCopies(): Promise<number[]> {
  const root = join(bucketed.config.dataDir, "derivatives", "work", "iiif-copies");
  const folders = await readdir(root).catch(() => []);
  const files = await Promise.all(
    folders.map(async (folder) => (await readdir(join(root, folder))).map((name) => join(root, folder, name))),
  );
  return Promise.all(files.flat().map(async (path) => (await stat(path)).size));
}

/** An anonymous request from `address` (the test app trusts X-Forwarded-For from loopback, as behind a proxy). */
const getFrom = (app: TestApp, path: string, address = "198.51.100.1") =>
  app.caller({}).request("GET", path, undefined, { "x-forwarded-for": address });

beforeAll(async () => {
  s3 = await startS3Server();
  [small, slow, bucketed] = await Promise.all([
    createTestApp(
      { IIIF_RATE_LIMIT_PER_MINUTE: "4" },
      { iiifImages: { renders: { concurrent: 1, waiting: 0 }, maxSourceBytes: SOURCE_CAP } },
    ),
    createTestApp({}, { iiifImages: { renderTimeoutMs: 1 } }),
    createTestApp(s3.env, { iiifImages: { copyBudgetBytes: COPY_BUDGET } }),
  ]);
});
afterAll(async () => {
  await Promise.all([small?.close(), slow?.close(), bucketed?.close()]);
  if (!isS3Closed) await s3?.close();
});

describe("limits", () => {
  it("answers 429 with a message past the per-address rate limit, and other addresses still get answers", async () => {
    const tenant = await tenantOf(small);
    const base = await publishedImage(tenant, "limited.png", await quadrantPng(64, 64));
    const answers = [];
    for (let n = 0; n < 5; n++) answers.push(await getFrom(small, `${base}/info.json`, "203.0.113.7"));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 429]);
    const refused = answers[4];
    expect(refused?.json().message).toMatch(/Too many requests from your address/);
    expect(refused?.headers["access-control-allow-origin"]).toBe("*");
    expect((await getFrom(small, `${base}/info.json`, "203.0.113.8")).statusCode).toBe(200);
  });

  it("answers 503 with a message when renders arrive while the queue is full, and renders the others", async () => {
    const tenant = await tenantOf(small);
    // Compressible (small file) but slow to render: 2000 × 2000 pixels turned by an arbitrary angle into PNG.
    const base = await publishedImage(tenant, "busy.png", await quadrantPng(2000, 2000));
    expect((await getFrom(small, `${base}/info.json`, "198.51.100.20")).statusCode).toBe(200);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => getFrom(small, `${base}/full/max/${n}/default.png`, `198.51.100.${20 + n}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    const busy = answers.find((answer) => answer.statusCode === 503);
    expect(busy?.json().message).toBe("The image server is busy; try again in a moment.");
  });

  it("does not serve sources above the size cap, and says why", async () => {
    const tenant = await tenantOf(small);
    const content = await noisePng(300, 300);
    expect(content.length).toBeGreaterThan(SOURCE_CAP);
    const base = await publishedImage(tenant, "large.png", content);
    for (const path of [`${base}/info.json`, `${base}/full/max/0/default.jpg`]) {
      const answer = await getFrom(small, path, "198.51.100.40");
      expect(answer.statusCode, path).toBe(404);
      expect(answer.json().message).toMatch(/cannot be served: its file is larger than 200000 bytes\.$/);
    }
  });

  it("answers 503 with a message when a render passes its deadline, while info.json is still answered", async () => {
    const tenant = await tenantOf(slow);
    const base = await publishedImage(tenant, "slow.png", await quadrantPng(1500, 1500));
    expect((await getFrom(slow, `${base}/info.json`)).statusCode).toBe(200);
    const answer = await getFrom(slow, `${base}/full/max/45/default.png`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe("The image took longer than 1 ms to render; try a smaller size.");
  });
});

describe("S3 storage", () => {
  it("serves info.json, a tile cut from a level and a full-resolution tile, keeping copies within their budget", async () => {
    const tenant = await tenantOf(bucketed);
    const base = await publishedImage(tenant, "bucketed.png", await quadrantPng(1200, 800, [RED, GREEN, BLUE, YELLOW]));
    const info = await getFrom(bucketed, `${base}/info.json`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ width: 1200, height: 800, tiles: [{ scaleFactors: [1, 2, 4] }] });

    const level = await getFrom(bucketed, `${base}/0,0,1024,800/512,/0/default.png`);
    expect(level.statusCode, level.body).toBe(200);
    const zoomedOut = await pixelsOf(level.rawPayload);
    expect([zoomedOut.width, zoomedOut.height]).toEqual([512, 400]);
    expect(isNear(zoomedOut.at(10, 10), RED)).toBe(true);
    expect(isNear(zoomedOut.at(500, 10), GREEN)).toBe(true);
    expect(isNear(zoomedOut.at(10, 390), BLUE)).toBe(true);

    const full = await getFrom(bucketed, `${base}/1024,512,176,288/176,/0/default.png`);
    expect(full.statusCode, full.body).toBe(200);
    expect(isNear((await pixelsOf(full.rawPayload)).at(100, 200), YELLOW)).toBe(true);

    // The level and both tiles went to the bucket's derivatives; the source and the level are copied once each.
    expect((await s3.keys(`derivatives/${tenant.id}/`)).length).toBe(3);
    expect(await scratchCopies()).toHaveLength(2);

    // A file larger than the whole budget is removed after its render, and the older copies with it.
    const noisy = await publishedImage(tenant, "noisy.png", await noisePng(300, 300));
    expect((await getFrom(bucketed, `${noisy}/0,0,100,100/100,/0/default.png`)).statusCode).toBe(200);
    const sizes = await scratchCopies();
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(COPY_BUDGET);
  });

  it("renders from a kept copy with the bucket out of reach, and answers 503 at once when the bucket is needed", async () => {
    const tenant = await tenantOf(bucketed);
    const copied = await publishedImage(tenant, "copied.png", await quadrantPng(1200, 800, [GREEN, GREEN, GREEN, GREEN]));
    expect((await getFrom(bucketed, `${copied}/0,0,512,512/512,/0/default.png`)).statusCode).toBe(200);
    await s3.close();
    isS3Closed = true;
    // Not cached (another region), so rendered again: from the copy, the bucket being gone.
    const again = await getFrom(bucketed, `${copied}/100,100,100,100/max/0/default.png`);
    expect(again.statusCode).toBe(200);
    expect(isNear((await pixelsOf(again.rawPayload)).at(50, 50), GREEN)).toBe(true);
    // A quarter of the image needs its level, which goes to the bucket.
    const answer = await getFrom(bucketed, `${copied}/full/300,/0/default.png`);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().message).toBe("The file store is not available right now. Please try again later.");
  });
});
