// Reduced levels: the source shrunk by a power of two, made once per image and kept as a derivative. A request that
// scales down is cut from the smallest level that still has the pixels it needs, so zooming out never decodes the
// full source again. Levels exist at the tile pyramid's scale factors above 1 (tiles.ts).
import type { Box, Dimensions, RenderPlan } from "./parameters.ts";
import { scaleFactors } from "./tiles.ts";

export type Level = { factor: number; width: number; height: number };

/** The level a request is best cut from, or undefined when it needs the source's own pixels. */
export function levelFor(plan: RenderPlan, image: Dimensions, tileSize: number): Level | undefined {
  const { region } = plan;
  // A tile's scaled size is rounded either way (tiles.ts): a level one pixel short of the answer still serves it.
  const fits = (factor: number) => region.w / factor > plan.width - 1 && region.h / factor > plan.height - 1;
  const factor = scaleFactors(image, tileSize)
    .filter((candidate) => candidate > 1 && fits(candidate))
    .at(-1);
  if (!factor) return undefined;
  return { factor, width: Math.ceil(image.width / factor), height: Math.ceil(image.height / factor) };
}

/** The region of the source, in the level's pixels; a region that reaches the source's edge reaches the level's. */
export function regionOnLevel(region: Box, image: Dimensions, level: Level): Box {
  const x = Math.min(Math.floor(region.x / level.factor), level.width - 1);
  const y = Math.min(Math.floor(region.y / level.factor), level.height - 1);
  const end = (start: number, length: number, whole: number, levelLength: number) =>
    start + length >= whole ? levelLength : Math.min(levelLength, Math.round((start + length) / level.factor));
  const right = Math.max(x + 1, end(region.x, region.w, image.width, level.width));
  const bottom = Math.max(y + 1, end(region.y, region.h, image.height, level.height));
  return { x, y, w: right - x, h: bottom - y };
}

/** The tile cache's key of a level (iiif_tiles.canonical); no image request's canonical form starts this way. */
export const levelKey = (level: Level) => `levels/${level.factor}`;
