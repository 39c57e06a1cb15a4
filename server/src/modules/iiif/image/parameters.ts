// The IIIF Image API 3.0 request parameters (§4): region/size/rotation/quality.format parsed from the path, then
// resolved against an image's dimensions into what to render and the request's canonical form (§4.7). Pure: no I/O.
import { IIIF_IMAGE_LIMITS } from "@repox/contracts";
import { BadRequest, NotImplemented } from "../../../platform/errors.ts";

export type Region =
  | { kind: "full" }
  | { kind: "square" }
  | { kind: "pixels"; x: number; y: number; w: number; h: number }
  | { kind: "percent"; x: number; y: number; w: number; h: number };

export type Size = { upscale: boolean } & (
  | { kind: "max" }
  | { kind: "width"; w: number }
  | { kind: "height"; h: number }
  | { kind: "percent"; n: number }
  | { kind: "exact"; w: number; h: number }
  | { kind: "confined"; w: number; h: number }
);

export type Quality = "default" | "color" | "gray" | "bitonal";
export type Format = "jpg" | "png" | "webp";

export type ImageRequest = { region: Region; size: Size; mirror: boolean; degrees: number; quality: Quality; format: Format };

export type Limits = { maxWidth: number; maxHeight: number; maxArea: number };
export type Dimensions = { width: number; height: number };
export type Box = { x: number; y: number; w: number; h: number };

/** What to render: the region of the (upright) source, the answer's size, mirroring, rotation, quality, format. */
export type RenderPlan = Omit<ImageRequest, "region" | "size"> & {
  region: Box;
  width: number;
  height: number;
  /** `{region}/{size}/{rotation}/{quality}.{format}` in canonical form. */
  canonical: string;
};

export const QUALITIES: readonly Quality[] = ["default", "color", "gray", "bitonal"];
export const FORMATS: readonly Format[] = ["jpg", "png", "webp"];
/** Formats the specification names that this server does not produce: 501, not 400. */
const KNOWN_FORMATS = new Set(["tif", "gif", "pdf", "jp2"]);

// Whole pixels have at most 9 digits: larger numbers are refused before arithmetic could lose precision.
const INTEGER = /^\d{1,9}$/;
const DECIMAL = /^(?:\d{1,9}(?:\.\d{0,9})?|\.\d{1,9})$/;
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function integers(text: string, count: number, what: string): number[] {
  const parts = text.split(",");
  if (parts.length !== count || !parts.every((part) => INTEGER.test(part))) {
    throw new BadRequest(`${what} '${shown(text)}' must be ${count} whole numbers separated by commas.`);
  }
  return parts.map(Number);
}

function decimals(text: string, count: number, what: string): number[] {
  const parts = text.split(",");
  if (parts.length !== count || !parts.every((part) => DECIMAL.test(part))) {
    throw new BadRequest(`${what} '${shown(text)}' must be ${count} non-negative numbers separated by commas.`);
  }
  return parts.map(Number);
}

export function parseRegion(text: string): Region {
  if (text === "full" || text === "square") return { kind: text };
  if (text.startsWith("pct:")) {
    const [x = 0, y = 0, w = 0, h = 0] = decimals(text.slice(4), 4, "The region");
    if (w === 0 || h === 0) throw new BadRequest(`The region '${shown(text)}' has no width or no height.`);
    if (x >= 100 || y >= 100) throw new BadRequest(`The region '${shown(text)}' lies outside the image.`);
    return { kind: "percent", x, y, w, h };
  }
  if (!/^[\d,]+$/.test(text)) {
    throw new BadRequest(`The region '${shown(text)}' is not full, square, x,y,w,h or pct:x,y,w,h.`);
  }
  const [x = 0, y = 0, w = 0, h = 0] = integers(text, 4, "The region");
  if (w === 0 || h === 0) throw new BadRequest(`The region '${shown(text)}' has no width or no height.`);
  return { kind: "pixels", x, y, w, h };
}

export function parseSize(text: string): Size {
  const upscale = text.startsWith("^");
  const body = upscale ? text.slice(1) : text;
  if (body === "max") return { upscale, kind: "max" };
  if (body.startsWith("pct:")) {
    const [n = 0] = decimals(body.slice(4), 1, "The size percentage");
    if (n === 0) throw new BadRequest(`The size '${shown(text)}' is zero.`);
    if (n > 100 && !upscale) throw new BadRequest(`The size '${shown(text)}' is above 100%; ask for ^pct:${body.slice(4)} to enlarge.`);
    return { upscale, kind: "percent", n };
  }
  const confined = body.startsWith("!");
  const pair = confined ? body.slice(1) : body;
  const match = /^(\d{0,9}),(\d{0,9})$/.exec(pair);
  if (!match) throw new BadRequest(`The size '${shown(text)}' is not max, w,, ,h, pct:n, w,h or !w,h (each may start with ^).`);
  const [, wText = "", hText = ""] = match;
  const w = Number(wText);
  const h = Number(hText);
  if ((wText !== "" && w === 0) || (hText !== "" && h === 0)) throw new BadRequest(`The size '${shown(text)}' has a zero dimension.`);
  if (wText !== "" && hText !== "") return confined ? { upscale, kind: "confined", w, h } : { upscale, kind: "exact", w, h };
  if (confined || (wText === "" && hText === "")) throw new BadRequest(`The size '${shown(text)}' needs both w and h.`);
  return wText === "" ? { upscale, kind: "height", h } : { upscale, kind: "width", w };
}

export function parseRotation(text: string): { mirror: boolean; degrees: number } {
  const mirror = text.startsWith("!");
  const number = mirror ? text.slice(1) : text;
  if (!DECIMAL.test(number) || Number(number) > 360) {
    throw new BadRequest(`The rotation '${shown(text)}' must be a number of degrees from 0 to 360, optionally after '!' to mirror.`);
  }
  return { mirror, degrees: Number(number) };
}

export function parseQualityFormat(text: string): { quality: Quality; format: Format } {
  const dot = text.lastIndexOf(".");
  const quality = text.slice(0, dot);
  const format = text.slice(dot + 1);
  if (dot < 0 || !QUALITIES.includes(quality as Quality)) {
    throw new BadRequest(`The quality of '${shown(text)}' must be default, color, gray or bitonal, followed by .jpg, .png or .webp.`);
  }
  if (FORMATS.includes(format as Format)) return { quality: quality as Quality, format: format as Format };
  if (KNOWN_FORMATS.has(format)) throw new NotImplemented(`This server does not produce ${format}; ask for jpg, png or webp.`);
  throw new BadRequest(`The format '${shown(format)}' is not one of jpg, png or webp.`);
}

export function parseImageRequest(region: string, size: string, rotation: string, qualityFormat: string): ImageRequest {
  return { region: parseRegion(region), size: parseSize(size), ...parseRotation(rotation), ...parseQualityFormat(qualityFormat) };
}

/** The region in the source's pixels, cut at the image's edges (§4.1). */
export function regionBox(region: Region, image: Dimensions): Box {
  const { width, height } = image;
  if (region.kind === "full") return { x: 0, y: 0, w: width, h: height };
  if (region.kind === "square") {
    const side = Math.min(width, height);
    return { x: Math.floor((width - side) / 2), y: Math.floor((height - side) / 2), w: side, h: side };
  }
  const box =
    region.kind === "pixels"
      ? region
      : {
          x: Math.round((region.x * width) / 100),
          y: Math.round((region.y * height) / 100),
          w: Math.round((region.w * width) / 100),
          h: Math.round((region.h * height) / 100),
        };
  if (box.x >= width || box.y >= height) {
    throw new BadRequest(`The region starts outside the image, which is ${width} × ${height} pixels.`);
  }
  const cut = { x: box.x, y: box.y, w: Math.min(box.w, width - box.x), h: Math.min(box.h, height - box.y) };
  if (cut.w === 0 || cut.h === 0) throw new BadRequest("The region is less than a pixel wide or high.");
  return cut;
}

/** The largest size of a `w × h` region within the limits, not above the region's own size unless `upscale`. */
function maxSize(w: number, h: number, limits: Limits, upscale: boolean): Dimensions {
  const fit = Math.min(limits.maxWidth / w, limits.maxHeight / h, Math.sqrt(limits.maxArea / (w * h)));
  const scale = upscale ? fit : Math.min(1, fit);
  if (scale === 1) return { width: w, height: h };
  return { width: Math.max(1, Math.floor(w * scale)), height: Math.max(1, Math.floor(h * scale)) };
}

/** The answer's size for a region (§4.2); 400 when the size enlarges without `^` or passes the limits. */
export function answerSize(size: Size, box: Box, limits: Limits): Dimensions {
  const { w, h } = box;
  const scaled = (factor: number) => ({ width: Math.max(1, Math.round(w * factor)), height: Math.max(1, Math.round(h * factor)) });
  let result: Dimensions;
  switch (size.kind) {
    case "max":
      return maxSize(w, h, limits, size.upscale);
    case "width":
      result = { width: size.w, height: Math.max(1, Math.round((h * size.w) / w)) };
      break;
    case "height":
      result = { width: Math.max(1, Math.round((w * size.h) / h)), height: size.h };
      break;
    case "percent":
      result = scaled(size.n / 100);
      break;
    case "exact":
      result = { width: size.w, height: size.h };
      break;
    case "confined": {
      const factor = Math.min(size.w / w, size.h / h, size.upscale ? Number.POSITIVE_INFINITY : 1);
      const fitted = scaled(factor);
      result = { width: Math.min(size.w, fitted.width), height: Math.min(size.h, fitted.height) };
      break;
    }
  }
  if (!size.upscale && (result.width > w || result.height > h)) {
    throw new BadRequest(
      `The size ${result.width} × ${result.height} is larger than the region (${w} × ${h}); start the size with ^ to enlarge.`,
    );
  }
  if (result.width > limits.maxWidth || result.height > limits.maxHeight || result.width * result.height > limits.maxArea) {
    throw new BadRequest(
      `The size ${result.width} × ${result.height} is above this server's limits: at most ${limits.maxWidth} × ${limits.maxHeight} ` +
        `pixels and ${limits.maxArea} pixels in all (see maxWidth, maxHeight and maxArea in info.json).`,
    );
  }
  return result;
}

/** Degrees as the canonical form writes them: an integer without decimals, else no trailing zeros. */
const degreesText = (degrees: number) => String(degrees);

export function resolveImageRequest(request: ImageRequest, image: Dimensions, limits: Limits = IIIF_IMAGE_LIMITS): RenderPlan {
  const region = regionBox(request.region, image);
  const { width, height } = answerSize(request.size, region, limits);
  const isFull = region.x === 0 && region.y === 0 && region.w === image.width && region.h === image.height;
  const max = maxSize(region.w, region.h, limits, false);
  const enlarged = width > region.w || height > region.h;
  const sizeText = width === max.width && height === max.height ? "max" : `${enlarged ? "^" : ""}${width},${height}`;
  const canonical = [
    isFull ? "full" : `${region.x},${region.y},${region.w},${region.h}`,
    sizeText,
    `${request.mirror ? "!" : ""}${degreesText(request.degrees)}`,
    `${request.quality}.${request.format}`,
  ].join("/");
  return {
    region,
    width,
    height,
    mirror: request.mirror,
    degrees: request.degrees,
    quality: request.quality,
    format: request.format,
    canonical,
  };
}
