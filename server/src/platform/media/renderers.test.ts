// The renderers on real files made here: pictures (sharp), PDFs (Poppler's pdftoppm), videos (ffmpeg).
import { mkdtempSync } from "node:fs";
import { rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MediaToolUnavailable, UnreadableMedia } from "./errors.ts";
import { type RenderedDerivative, renderImageDerivatives } from "./image-derivatives.ts";
import { mediaKindOf } from "./media-kinds.ts";
import { DEFAULT_PDF_TOOLS, renderPdfFirstPage } from "./pdf-first-page.ts";
import {
  blackThenWhiteVideo,
  corruptPdf,
  corruptPng,
  corruptVideo,
  inspect,
  jpeg,
  pdf,
  pixelBombPng,
  png,
  sidewaysJpeg,
  testPatternVideo,
} from "./test-media.ts";
import { DEFAULT_VIDEO_TOOLS, extractPosterFrame } from "./video-poster.ts";

const folder = mkdtempSync(join(tmpdir(), "repox-media-"));
afterAll(() => rm(folder, { recursive: true, force: true }));

let fileCount = 0;
async function fileOf(bytes: Buffer): Promise<string> {
  const path = join(folder, `source-${++fileCount}`);
  await writeFile(path, bytes);
  return path;
}

function byKind(derivatives: RenderedDerivative[]) {
  return Object.fromEntries(derivatives.map((derivative) => [derivative.kind, derivative]));
}

/** What each derivative decodes to; the size it reports must be the size it has. */
async function describeOutputs(derivatives: RenderedDerivative[]) {
  const describe = async ({ width, height, mimeType, bytes }: RenderedDerivative) => {
    const decoded = await inspect(bytes);
    expect({ width, height }).toEqual({ width: decoded.width, height: decoded.height });
    return { mimeType, ...decoded };
  };
  const { thumb, preview } = byKind(derivatives);
  if (!thumb || !preview) throw new Error("both kinds expected");
  return { thumb: await describe(thumb), preview: await describe(preview) };
}

const webp = (width: number, height: number) => ({ width, height, mimeType: "image/webp", format: "webp", hasExif: false });

describe("which files get derivatives", () => {
  it("renders pictures, PDFs and videos, and nothing else", () => {
    expect(["image/jpeg", "image/png", "image/svg+xml", "application/pdf", "video/mp4", "video/quicktime"].map(mediaKindOf)).toEqual([
      "image",
      "image",
      "image",
      "pdf",
      "video",
      "video",
    ]);
    expect(["text/plain", "application/zip", "image/heic", "audio/mpeg", "application/octet-stream"].map(mediaKindOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe("pictures", () => {
  it("makes a 320-pixel thumbnail and a 1600-pixel preview as WebP, keeping the aspect ratio", async () => {
    const outputs = await describeOutputs(await renderImageDerivatives(await fileOf(await jpeg(4000, 3000))));
    expect(outputs).toEqual({ thumb: webp(320, 240), preview: webp(1600, 1200) });
  });

  it("fits a tall picture inside the box and never enlarges a small one", async () => {
    expect(await describeOutputs(await renderImageDerivatives(await png(1000, 4000)))).toEqual({
      thumb: webp(80, 320),
      preview: webp(400, 1600),
    });
    expect(await describeOutputs(await renderImageDerivatives(await png(200, 100)))).toEqual({
      thumb: webp(200, 100),
      preview: webp(200, 100),
    });
  });

  it("turns a picture upright by its EXIF orientation and leaves the metadata out", async () => {
    const source = await sidewaysJpeg(800, 400);
    expect(await inspect(source)).toMatchObject({ width: 800, height: 400, hasExif: true });
    const { thumb } = byKind(await renderImageDerivatives(await fileOf(source)));
    if (!thumb) throw new Error("no thumbnail");
    expect(await inspect(thumb.bytes, { x: 80, y: 20 })).toMatchObject({
      width: 160,
      height: 320,
      hasExif: false,
      rgb: [expect.closeTo(255, -2), expect.closeTo(0, -2), expect.closeTo(0, -2)],
    });
    expect((await inspect(thumb.bytes, { x: 80, y: 300 })).rgb).toEqual([
      expect.closeTo(0, -2),
      expect.closeTo(0, -2),
      expect.closeTo(255, -2),
    ]);
  });

  it("refuses a corrupt picture with a message", async () => {
    const failure = renderImageDerivatives(await fileOf(corruptPng()));
    await expect(failure).rejects.toBeInstanceOf(UnreadableMedia);
    await expect(failure).rejects.toThrow(/^The image could not be read: /);
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    const bomb = pixelBombPng(100_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    await expect(renderImageDerivatives(await fileOf(bomb))).rejects.toThrow(
      "The image has more than 268 million pixels; no preview is made of it.",
    );
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("PDFs", () => {
  it("renders the first page to fit the preview box", async () => {
    const page = await renderPdfFirstPage(await fileOf(pdf()), DEFAULT_PDF_TOOLS);
    // A4 is 595 × 842 points: 1600 high, 595/842 of that wide; the blue square fills the lower-left quarter.
    expect(await inspect(page, { x: 100, y: 1500 })).toMatchObject({ width: 1131, height: 1600, format: "png", rgb: [0, 0, 255] });
    expect((await inspect(page, { x: 1000, y: 100 })).rgb).toEqual([255, 255, 255]);
    expect(await describeOutputs(await renderImageDerivatives(page))).toEqual({ thumb: webp(226, 320), preview: webp(1131, 1600) });
  });

  it("reports a corrupt PDF and a password-protected one", async () => {
    const corrupt = renderPdfFirstPage(await fileOf(corruptPdf()), DEFAULT_PDF_TOOLS);
    await expect(corrupt).rejects.toBeInstanceOf(UnreadableMedia);
    await expect(corrupt).rejects.toThrow(/^The PDF could not be read: \S/);
    await expect(renderPdfFirstPage(await fileOf(pdf({ userPassword: "secret" })), DEFAULT_PDF_TOOLS)).rejects.toThrow(
      "The PDF could not be read: the PDF is protected by a password",
    );
  });

  it("says pdftoppm is missing when it is not installed, instead of failing the file", async () => {
    const tools = { ...DEFAULT_PDF_TOOLS, pdftoppmPath: "/nonexistent/pdftoppm" };
    const failure = renderPdfFirstPage(await fileOf(pdf()), tools);
    await expect(failure).rejects.toBeInstanceOf(MediaToolUnavailable);
    await expect(failure).rejects.toThrow("PDF previews need pdftoppm (poppler-utils), which is not installed (/nonexistent/pdftoppm).");
  });

  it("stops a render that takes longer than its time limit", async () => {
    const tools = { ...DEFAULT_PDF_TOOLS, timeoutMs: 1 };
    await expect(renderPdfFirstPage(await fileOf(pdf()), tools)).rejects.toThrow("Rendering the PDF took longer than 0.001 s.");
  });

  it("stops when the job is cancelled", async () => {
    const controller = new AbortController();
    const render = renderPdfFirstPage(await fileOf(pdf()), DEFAULT_PDF_TOOLS, controller.signal);
    controller.abort(new Error("the worker is stopping"));
    await expect(render).rejects.toThrow("the worker is stopping");
  });
});

describe("videos", () => {
  it("takes a poster frame of ffmpeg's test clip at its own size", async () => {
    const frame = await extractPosterFrame(await fileOf(await testPatternVideo()), DEFAULT_VIDEO_TOOLS);
    expect(await inspect(frame)).toMatchObject({ width: 320, height: 240, format: "png" });
    expect(await describeOutputs(await renderImageDerivatives(frame))).toEqual({ thumb: webp(320, 240), preview: webp(320, 240) });
  });

  it("takes the frame about a second in, past a fade from black, and a tenth of the way into a short clip", async () => {
    const frame = await extractPosterFrame(await fileOf(await blackThenWhiteVideo(3)), DEFAULT_VIDEO_TOOLS);
    expect((await inspect(frame, { x: 80, y: 60 })).rgb).toEqual([
      expect.closeTo(255, -1),
      expect.closeTo(255, -1),
      expect.closeTo(255, -1),
    ]);
    const short = await extractPosterFrame(await fileOf(await blackThenWhiteVideo(0.5)), DEFAULT_VIDEO_TOOLS);
    expect(await inspect(short, { x: 80, y: 60 })).toMatchObject({
      width: 160,
      height: 120,
      rgb: [expect.closeTo(0, -1), expect.closeTo(0, -1), expect.closeTo(0, -1)],
    });
  });

  it("reports a corrupt video", async () => {
    const failure = extractPosterFrame(await fileOf(corruptVideo()), DEFAULT_VIDEO_TOOLS);
    await expect(failure).rejects.toBeInstanceOf(UnreadableMedia);
    await expect(failure).rejects.toThrow(/^The video could not be read: /);
  });

  it("says ffmpeg is missing when it is not installed, instead of failing the file", async () => {
    const tools = { ...DEFAULT_VIDEO_TOOLS, ffmpegPath: "/nonexistent/ffmpeg", ffprobePath: "/nonexistent/ffprobe" };
    const failure = extractPosterFrame(await fileOf(await testPatternVideo()), tools);
    await expect(failure).rejects.toBeInstanceOf(MediaToolUnavailable);
    await expect(failure).rejects.toThrow("Video posters need ffmpeg, which is not installed (/nonexistent/ffprobe).");
  });

  it("stops ffmpeg at its time limit", async () => {
    const tools = { ...DEFAULT_VIDEO_TOOLS, timeoutMs: 1 };
    await expect(extractPosterFrame(await fileOf(await testPatternVideo()), tools)).rejects.toThrow(
      "Reading the video took longer than 0.001 s.",
    );
  });
});
