// The IIIF Image API 3.0 parameters (§4) without a server: every form of region, size, rotation, quality and format,
// the refusals (400, or 501 for formats the specification names but this server does not make), and canonical forms.
import { describe, expect, it } from "vitest";
import { HttpError } from "../../../platform/errors.ts";
import {
  answerSize,
  type ImageRequest,
  parseImageRequest,
  parseQualityFormat,
  parseRegion,
  parseRotation,
  parseSize,
  regionBox,
  resolveImageRequest,
} from "./parameters.ts";
import { isDescribed, preferredSizes, scaleFactors } from "./tiles.ts";

const image = { width: 400, height: 300 };
const limits = { maxWidth: 1000, maxHeight: 800, maxArea: 600_000 };

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

const canonical = (region: string, size: string, rotation = "0", qualityFormat = "default.jpg") =>
  resolveImageRequest(parseImageRequest(region, size, rotation, qualityFormat), image, limits).canonical;

describe("region", () => {
  it("reads full, square, pixels and percentages", () => {
    expect(parseRegion("full")).toEqual({ kind: "full" });
    expect(parseRegion("square")).toEqual({ kind: "square" });
    expect(parseRegion("10,20,30,40")).toEqual({ kind: "pixels", x: 10, y: 20, w: 30, h: 40 });
    expect(parseRegion("pct:10,20.5,30,.5")).toEqual({ kind: "percent", x: 10, y: 20.5, w: 30, h: 0.5 });
  });

  it("cuts regions in the image's pixels, at its edges; square is the centred largest square", () => {
    expect(regionBox({ kind: "full" }, image)).toEqual({ x: 0, y: 0, w: 400, h: 300 });
    expect(regionBox({ kind: "square" }, image)).toEqual({ x: 50, y: 0, w: 300, h: 300 });
    expect(regionBox({ kind: "square" }, { width: 300, height: 401 })).toEqual({ x: 0, y: 50, w: 300, h: 300 });
    expect(regionBox(parseRegion("350,250,100,100"), image)).toEqual({ x: 350, y: 250, w: 50, h: 50 });
    expect(regionBox(parseRegion("pct:50,50,50,50"), image)).toEqual({ x: 200, y: 150, w: 200, h: 150 });
    expect(regionBox(parseRegion("pct:0,0,200,200"), image)).toEqual({ x: 0, y: 0, w: 400, h: 300 });
  });

  it.each([
    ["", "not full, square"],
    ["whole", "not full, square"],
    ["1,2,3", "must be 4 whole numbers"],
    ["1,2,3,4,5", "must be 4 whole numbers"],
    ["-1,2,3,4", "not full, square"],
    ["1.5,2,3,4", "not full, square"],
    ["0,0,0,10", "no width or no height"],
    ["0,0,10,0", "no width or no height"],
    ["1,2,3,12345678901", "must be 4 whole numbers"],
    ["pct:1,2,3", "must be 4 non-negative numbers"],
    ["pct:-1,2,3,4", "must be 4 non-negative numbers"],
    ["pct:a,b,c,d", "must be 4 non-negative numbers"],
    ["pct:0,0,0,10", "no width or no height"],
    ["pct:100,0,10,10", "lies outside the image"],
  ])("refuses region %j with 400", (text, message) => {
    const answer = refusal(() => parseRegion(text));
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it("refuses regions outside the image or under a pixel with 400", () => {
    expect(refusal(() => regionBox(parseRegion("400,0,10,10"), image)).message).toContain("starts outside the image, which is 400 × 300");
    expect(refusal(() => regionBox(parseRegion("0,300,10,10"), image)).status).toBe(400);
    expect(refusal(() => regionBox(parseRegion("pct:0,0,0.1,0.1"), image)).message).toContain("less than a pixel");
  });
});

describe("size", () => {
  const box = { x: 0, y: 0, w: 400, h: 300 };
  const size = (text: string, region = box) => answerSize(parseSize(text), region, limits);

  it("reads every form, with and without ^", () => {
    expect(parseSize("max")).toEqual({ upscale: false, kind: "max" });
    expect(parseSize("^max")).toEqual({ upscale: true, kind: "max" });
    expect(parseSize("200,")).toEqual({ upscale: false, kind: "width", w: 200 });
    expect(parseSize(",150")).toEqual({ upscale: false, kind: "height", h: 150 });
    expect(parseSize("pct:50")).toEqual({ upscale: false, kind: "percent", n: 50 });
    expect(parseSize("^pct:150.5")).toEqual({ upscale: true, kind: "percent", n: 150.5 });
    expect(parseSize("200,100")).toEqual({ upscale: false, kind: "exact", w: 200, h: 100 });
    expect(parseSize("!200,100")).toEqual({ upscale: false, kind: "confined", w: 200, h: 100 });
    expect(parseSize("^!800,800")).toEqual({ upscale: true, kind: "confined", w: 800, h: 800 });
  });

  it("scales the region as each form says", () => {
    expect(size("max")).toEqual({ width: 400, height: 300 });
    expect(size("200,")).toEqual({ width: 200, height: 150 });
    expect(size(",150")).toEqual({ width: 200, height: 150 });
    expect(size("pct:25")).toEqual({ width: 100, height: 75 });
    expect(size("100,200")).toEqual({ width: 100, height: 200 });
    expect(size("!200,200")).toEqual({ width: 200, height: 150 });
    expect(size("!1000,1000")).toEqual({ width: 400, height: 300 });
    expect(size("^!800,800")).toEqual({ width: 800, height: 600 });
    expect(size("^800,")).toEqual({ width: 800, height: 600 });
    expect(size("^,600")).toEqual({ width: 800, height: 600 });
    expect(size("^pct:200")).toEqual({ width: 800, height: 600 });
    expect(size("^450,350")).toEqual({ width: 450, height: 350 });
    expect(size("^100,")).toEqual({ width: 100, height: 75 });
  });

  it("keeps max and ^max within maxWidth, maxHeight and maxArea", () => {
    expect(size("max", { x: 0, y: 0, w: 2000, h: 100 })).toEqual({ width: 1000, height: 50 });
    expect(size("max", { x: 0, y: 0, w: 1000, h: 1000 })).toEqual({ width: 774, height: 774 });
    expect(size("^max")).toEqual({ width: 894, height: 670 });
  });

  it.each([
    ["", "is not max"],
    ["big", "is not max"],
    ["max,", "is not max"],
    [",", "needs both w and h"],
    ["!200,", "needs both w and h"],
    ["0,", "zero dimension"],
    ["10,0", "zero dimension"],
    ["pct:0", "is zero"],
    ["pct:", "must be 1 non-negative numbers"],
    ["pct:101", "above 100%"],
    ["-5,", "is not max"],
    ["1.5,", "is not max"],
    ["1234567890,", "is not max"],
  ])("refuses size %j with 400", (text, message) => {
    const answer = refusal(() => parseSize(text));
    expect(answer.status).toBe(400);
    expect(answer.message).toContain(message);
  });

  it("refuses enlarging without ^, and sizes past the limits, with 400", () => {
    expect(refusal(() => size("401,")).message).toContain("larger than the region (400 × 300); start the size with ^");
    expect(refusal(() => size(",301")).status).toBe(400);
    expect(refusal(() => size("400,301")).status).toBe(400);
    expect(refusal(() => size("^1001,")).message).toContain("above this server's limits");
    expect(refusal(() => size("^,801")).status).toBe(400);
    expect(refusal(() => size("^900,700")).message).toContain("600000 pixels in all");
  });
});

describe("rotation, quality and format", () => {
  it("reads degrees from 0 to 360 and mirroring", () => {
    expect(parseRotation("0")).toEqual({ mirror: false, degrees: 0 });
    expect(parseRotation("90")).toEqual({ mirror: false, degrees: 90 });
    expect(parseRotation("!180")).toEqual({ mirror: true, degrees: 180 });
    expect(parseRotation("22.5")).toEqual({ mirror: false, degrees: 22.5 });
    expect(parseRotation("360")).toEqual({ mirror: false, degrees: 360 });
  });

  it.each(["", "!", "-90", "361", "90deg", "1e2", "!!90", "360.5"])("refuses rotation %j with 400", (text) => {
    const answer = refusal(() => parseRotation(text));
    expect(answer.status).toBe(400);
    expect(answer.message).toContain("from 0 to 360");
  });

  it("reads the four qualities and three formats; 501 for formats it does not make, 400 for the rest", () => {
    expect(parseQualityFormat("default.jpg")).toEqual({ quality: "default", format: "jpg" });
    expect(parseQualityFormat("color.png")).toEqual({ quality: "color", format: "png" });
    expect(parseQualityFormat("gray.webp")).toEqual({ quality: "gray", format: "webp" });
    expect(parseQualityFormat("bitonal.jpg")).toEqual({ quality: "bitonal", format: "jpg" });
    expect(refusal(() => parseQualityFormat("default.tif"))).toEqual({
      status: 501,
      message: expect.stringContaining("does not produce tif"),
    });
    expect(refusal(() => parseQualityFormat("default.bmp"))).toEqual({
      status: 400,
      message: expect.stringContaining("'bmp' is not one of"),
    });
    expect(refusal(() => parseQualityFormat("grey.jpg")).status).toBe(400);
    expect(refusal(() => parseQualityFormat("default")).status).toBe(400);
    expect(refusal(() => parseQualityFormat("default.JPG")).status).toBe(400);
  });
});

describe("canonical form (§4.7)", () => {
  it("writes full for the whole image, pixels otherwise; max for the largest size, w,h otherwise", () => {
    expect(canonical("full", "max")).toBe("full/max/0/default.jpg");
    expect(canonical("0,0,400,300", "400,300")).toBe("full/max/0/default.jpg");
    expect(canonical("pct:0,0,100,100", "pct:100")).toBe("full/max/0/default.jpg");
    expect(canonical("square", "max")).toBe("50,0,300,300/max/0/default.jpg");
    expect(canonical("pct:50,50,50,50", "100,")).toBe("200,150,200,150/100,75/0/default.jpg");
    expect(canonical("full", "!200,200", "!90", "gray.png")).toBe("full/200,150/!90/gray.png");
    expect(canonical("full", "^pct:200", "22.50", "color.webp")).toBe("full/^800,600/22.5/color.webp");
  });

  it("resolves a request into region, size, mirroring, rotation, quality and format", () => {
    const request: ImageRequest = parseImageRequest("10,20,100,50", "50,", "!270", "bitonal.png");
    expect(resolveImageRequest(request, image, limits)).toEqual({
      region: { x: 10, y: 20, w: 100, h: 50 },
      width: 50,
      height: 25,
      mirror: true,
      degrees: 270,
      quality: "bitonal",
      format: "png",
      canonical: "10,20,100,50/50,25/!270/bitonal.png",
    });
  });
});

describe("tiles and sizes info.json describes", () => {
  const big = { width: 3000, height: 1000 };
  const tileLimits = { maxWidth: 4096, maxHeight: 4096, maxArea: 4096 * 4096 };
  const plan = (region: string, size: string, rotation = "0") =>
    resolveImageRequest(parseImageRequest(region, size, rotation, "default.jpg"), big, tileLimits);

  it("halves down to one tile for the whole image; sizes are the whole image at each factor within the limits", () => {
    expect(scaleFactors(big, 512)).toEqual([1, 2, 4, 8]);
    expect(scaleFactors({ width: 100, height: 50 }, 512)).toEqual([1]);
    expect(preferredSizes(big, 512, tileLimits)).toEqual([
      { width: 375, height: 125 },
      { width: 750, height: 250 },
      { width: 1500, height: 500 },
      { width: 3000, height: 1000 },
    ]);
    expect(preferredSizes(big, 512, { maxWidth: 1600, maxHeight: 1600, maxArea: 1e7 })).toHaveLength(3);
  });

  it("knows a tile at any factor, the edge tiles, and listed sizes; nothing else", () => {
    expect(isDescribed(plan("0,0,512,512", "512,"), big, 512, tileLimits)).toBe(true);
    expect(isDescribed(plan("2048,0,952,1000", "238,"), big, 512, tileLimits)).toBe(true);
    expect(isDescribed(plan("2560,512,440,488", "440,"), big, 512, tileLimits)).toBe(true);
    expect(isDescribed(plan("full", "375,"), big, 512, tileLimits)).toBe(true);
    expect(isDescribed(plan("full", "376,"), big, 512, tileLimits)).toBe(false);
    expect(isDescribed(plan("1,0,512,512", "512,"), big, 512, tileLimits)).toBe(false);
    expect(isDescribed(plan("0,0,512,512", "300,"), big, 512, tileLimits)).toBe(false);
    expect(isDescribed(plan("0,0,512,512", "512,", "90"), big, 512, tileLimits)).toBe(false);
  });
});
