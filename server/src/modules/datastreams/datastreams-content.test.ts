import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdf, png, testPatternVideo } from "../../platform/media/test-media.ts";
import { createUrlSigner } from "../../platform/signed-urls.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { getDatastream, newBox, setUpFileModel, uploadOne } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;
let other: TestTenant;
let box: string;
let bytes: Buffer;
let binary: string;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  other = await t.newTenant();
  await setUpFileModel(tenant.admin);
  box = await newBox(tenant.admin);
  bytes = randomBytes(1000);
  binary = (await uploadOne(tenant.admin, box, { name: "data.bin", content: bytes })).uuid;
});
afterAll(() => t.close());

/** Runs every queued job (thumbnails) now. */
async function runJobs(): Promise<void> {
  while (await t.services.jobs.runNextJob()) {
    // Each call claims and runs one job.
  }
}

/** A request with no token and no tenant header, as an <img> or <video> element makes it. */
const bare = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("byte ranges and revalidation", () => {
  const url = () => `/api/datastreams/${binary}/download`;

  it("answers the whole file with its ETag, length, nosniff and accept-ranges", async () => {
    const answer = await tenant.admin.request("GET", url());
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(bytes);
    const meta = await getDatastream(tenant.admin, binary);
    expect(answer.headers).toMatchObject({
      etag: `"${meta.sha256}"`,
      "content-length": "1000",
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      "content-type": "application/octet-stream",
    });
  });

  it("answers the first bytes, a suffix and an open range with 206", async () => {
    const first = await tenant.admin.request("GET", url(), undefined, { range: "bytes=0-3" });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe("bytes 0-3/1000");
    expect(first.headers["content-length"]).toBe("4");
    expect(first.rawPayload).toEqual(bytes.subarray(0, 4));
    const suffix = await tenant.admin.request("GET", url(), undefined, { range: "bytes=-5" });
    expect([suffix.statusCode, suffix.headers["content-range"]]).toEqual([206, "bytes 995-999/1000"]);
    expect(suffix.rawPayload).toEqual(bytes.subarray(995));
    const open = await tenant.admin.request("GET", url(), undefined, { range: "bytes=990-" });
    expect(open.rawPayload).toEqual(bytes.subarray(990));
  });

  it("answers 416 for a range past the end, naming the size", async () => {
    const answer = await tenant.admin.request("GET", url(), undefined, { range: "bytes=1000-1005" });
    expect(answer.statusCode).toBe(416);
    expect(answer.headers["content-range"]).toBe("bytes */1000");
    expect(answer.json()).toEqual({
      status: 416,
      error: "Range Not Satisfiable",
      message: "The requested range is outside the file (1000 bytes).",
    });
  });

  it("sends the whole file for a malformed or multiple range, and for a range whose If-Range is stale", async () => {
    for (const range of ["bytes=abc", "bytes=0-1,5-6", "items=0-3"]) {
      const answer = await tenant.admin.request("GET", url(), undefined, { range });
      expect([answer.statusCode, answer.rawPayload.length], range).toEqual([200, 1000]);
    }
    const stale = await tenant.admin.request("GET", url(), undefined, { range: "bytes=0-3", "if-range": '"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    const current = (await tenant.admin.request("GET", url())).headers.etag as string;
    const fresh = await tenant.admin.request("GET", url(), undefined, { range: "bytes=0-3", "if-range": current });
    expect(fresh.statusCode).toBe(206);
  });

  it("answers 304 without a body when the ETag still matches", async () => {
    const etag = (await tenant.admin.request("GET", url())).headers.etag as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const answer = await tenant.admin.request("GET", url(), undefined, { "if-none-match": header });
      expect([answer.statusCode, answer.rawPayload.length], header).toEqual([304, 0]);
    }
    const changed = await tenant.admin.request("GET", url(), undefined, { "if-none-match": '"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it("answers HEAD with the headers and no body", async () => {
    const answer = await t.app.inject({
      method: "HEAD",
      url: url(),
      headers: { "x-tenantid": tenant.code, authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-length"]).toBe("1000");
    expect(answer.rawPayload.length).toBe(0);
  });
});

describe("what is shown inline and what is a download", () => {
  async function preview(name: string, content: Buffer) {
    const created = await uploadOne(tenant.admin, box, { name, content });
    return tenant.admin.request("GET", `/api/datastreams/${created.uuid}/preview`);
  }

  it("shows pictures, PDF, video and plain text inline", async () => {
    const picture = await preview("photo.png", await png(16, 16));
    expect(picture.headers).toMatchObject({ "content-type": "image/png", "content-disposition": "inline; filename=photo.png" });
    const document = await preview("paper.pdf", pdf());
    expect(document.headers).toMatchObject({ "content-type": "application/pdf", "content-disposition": "inline; filename=paper.pdf" });
    const video = await preview("clip.mp4", await testPatternVideo());
    expect(video.headers["content-type"]).toBe("video/mp4");
    expect(video.headers["content-disposition"]).toMatch(/^inline/);
    const text = await preview("notes.txt", Buffer.from("Plain notes.\n"));
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    const json = await preview("data.json", Buffer.from('{"a": 1}'));
    expect([json.headers["content-type"], json.headers["content-disposition"]]).toEqual([
      "text/plain; charset=utf-8",
      "inline; filename=data.json",
    ]);
    for (const answer of [picture, document, video, text, json]) expect(answer.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("never shows SVG or HTML inline: they are downloads that cannot run anything", async () => {
    const svg = await preview("logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.headers).toMatchObject({
      "content-type": "image/svg+xml",
      "content-disposition": "attachment; filename=logo.svg",
      "content-security-policy": "default-src 'none'; sandbox",
      "x-content-type-options": "nosniff",
    });
    const html = await preview("page.html", Buffer.from("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"));
    expect(html.headers["content-type"]).toMatch(/^text\/html/);
    expect(html.headers["content-disposition"]).toBe("attachment; filename=page.html");
    const program = await preview("tool.exe", Buffer.concat([Buffer.from("MZ"), randomBytes(200)]));
    expect(program.headers["content-disposition"]).toMatch(/^attachment/);
  });

  it("downloads under a safe RFC 6266 name, adding the extension of the type when the label has none", async () => {
    const created = await uploadOne(tenant.admin, box, { name: "x.pdf", content: pdf() }, { type: "file", label: "Résumé/final" });
    const answer = await tenant.admin.request("POST", `/api/datastreams/${created.uuid}/download`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(
      `attachment; filename="R?sum?_final.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9_final.pdf`,
    );
    expect(answer.headers["content-type"]).toBe("application/pdf");
  });
});

describe("signed links for <img>, <video> and iframes", () => {
  async function linksOf(uuid: string) {
    const answer = await tenant.admin.request("POST", `/api/datastreams/${uuid}/urls`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { preview: string; download: string; thumbnail: string | null; expiresAt: string };
  }

  it("work without the bearer token or tenant header, until they expire in 30 to 60 minutes", async () => {
    const links = await linksOf(binary);
    const minutes = (Date.parse(links.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(60);
    expect(links.preview).toMatch(new RegExp(`^/api/datastreams/${binary}/preview\\?tenant=${tenant.code}&exp=\\d+&uid=`));
    const answer = await bare(links.download);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload).toEqual(bytes);
    const ranged = await bare(links.preview, { range: "bytes=10-19" });
    expect([ranged.statusCode, ranged.rawPayload]).toEqual([206, bytes.subarray(10, 20)]);
    expect(links.thumbnail).toBeNull();
  });

  it("without a link or a token the bytes need a sign-in", async () => {
    const answer = await bare(`/api/datastreams/${binary}/preview`, { "x-tenantid": tenant.code });
    expect([answer.statusCode, answer.json().message]).toEqual([401, "Please sign in"]);
  });

  it("refuse a tampered link, a link moved to another file or another tenant, and an expired link", async () => {
    const { preview } = await linksOf(binary);
    const tampered = preview.replace(/sig=(.)/, (_match, first: string) => `sig=${first === "A" ? "B" : "A"}`);
    expect((await bare(tampered)).json()).toEqual({ status: 403, error: "Forbidden", message: "This link is not valid." });
    const otherFile = (await uploadOne(tenant.admin, box, { name: "other.bin", content: randomBytes(10) })).uuid;
    expect((await bare(preview.replace(binary, otherFile))).statusCode).toBe(403);
    expect((await bare(preview.replace("/preview?", "/download?"))).statusCode).toBe(403);
    const moved = await bare(preview.replace(`tenant=${tenant.code}`, `tenant=${other.code}`));
    expect([moved.statusCode, moved.json().message]).toEqual([403, "This link is not valid."]);
    const pastSigner = createUrlSigner(t.config.jwtSecret, () => Date.now() - 60 * 60 * 1000);
    const expired = pastSigner.signUrl(`/api/datastreams/${binary}/preview?tenant=${tenant.code}`, {
      tenant: tenant.id,
      userId: tenant.admin.uuid,
      expiresInSeconds: 60,
    });
    const answer = await bare(expired);
    expect([answer.statusCode, answer.json().message]).toEqual([403, "This link has expired. Reload the page to get a new one."]);
  });

  it("stop working when the user they were made for is locked", async () => {
    const user = await tenant.newUser();
    const { preview } = (await user.request("POST", `/api/datastreams/${binary}/urls`)).json();
    expect((await bare(preview)).statusCode).toBe(200);
    const locked = await tenant.admin.request("PUT", `/api/users/${user.uuid}`, {
      username: user.username,
      email: `${user.username}@example.org`,
      locked: true,
    });
    expect(locked.statusCode).toBe(200);
    expect((await bare(preview)).statusCode).toBe(403);
  });
});

describe("thumbnails", () => {
  it("answers 404 with a message until the job made it, then serves it (ranges and ETag too)", async () => {
    const picture = await uploadOne(tenant.admin, box, { name: "big.png", content: await png(800, 600) });
    const url = `/api/datastreams/${picture.uuid}/thumb/preview`;
    const early = await tenant.admin.request("GET", url);
    expect([early.statusCode, early.json().message]).toEqual([404, "The thumbnail is not ready yet."]);
    await runJobs();
    const answer = await tenant.admin.request("GET", url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      "content-type": "image/webp",
      "content-disposition": "inline",
      "x-content-type-options": "nosniff",
    });
    expect(answer.rawPayload.subarray(0, 4).toString("latin1")).toBe("RIFF");
    const ranged = await tenant.admin.request("GET", url, undefined, { range: "bytes=0-9" });
    expect([ranged.statusCode, ranged.rawPayload]).toEqual([206, answer.rawPayload.subarray(0, 10)]);
    const cached = await tenant.admin.request("GET", url, undefined, { "if-none-match": answer.headers.etag as string });
    expect(cached.statusCode).toBe(304);
    const shown = await getDatastream(tenant.admin, picture.uuid);
    expect(shown.thumbnail.status).toBe("ready");
    const viaLink = await bare(shown.thumbnail.url ?? "");
    expect(viaLink.rawPayload).toEqual(answer.rawPayload);
  });

  it("says when a kind of file has no thumbnail", async () => {
    await runJobs();
    const answer = await tenant.admin.request("GET", `/api/datastreams/${binary}/thumb/preview`);
    expect([answer.statusCode, answer.json().message]).toEqual([404, "There is no thumbnail for this kind of file."]);
    expect((await getDatastream(tenant.admin, binary)).thumbnail).toEqual({ status: "unsupported", url: null });
  });
});
