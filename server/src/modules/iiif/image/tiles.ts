// The tile pyramid info.json describes (§5.5, §5.6): square tiles at power-of-two scale factors down to one tile for
// the whole image, and the whole image's size at each factor within the limits. Only requests for these are cached:
// a bounded set per image, where arbitrary sizes would let any caller fill the cache.
import type { Dimensions, Limits, RenderPlan } from "./parameters.ts";

export function scaleFactors(image: Dimensions, tileSize: number): number[] {
  const factors = [1];
  let factor = 1;
  while (Math.max(image.width, image.height) / factor > tileSize) {
    factor *= 2;
    factors.push(factor);
  }
  return factors;
}

/** The whole image at each scale factor that fits the limits, smallest first. */
export function preferredSizes(image: Dimensions, tileSize: number, limits: Limits): Dimensions[] {
  return scaleFactors(image, tileSize)
    .map((factor) => ({ width: Math.ceil(image.width / factor), height: Math.ceil(image.height / factor) }))
    .filter((size) => size.width <= limits.maxWidth && size.height <= limits.maxHeight && size.width * size.height <= limits.maxArea)
    .reverse();
}

/** Whether a request is one of the tiles or sizes info.json describes (plain rotation; any quality and format). */
export function isDescribed(plan: RenderPlan, image: Dimensions, tileSize: number, limits: Limits): boolean {
  if (plan.mirror || plan.degrees !== 0) return false;
  const { region } = plan;
  const isFull = region.x === 0 && region.y === 0 && region.w === image.width && region.h === image.height;
  if (isFull && preferredSizes(image, tileSize, limits).some((size) => size.width === plan.width && size.height === plan.height)) {
    return true;
  }
  return scaleFactors(image, tileSize).some((factor) => {
    const span = tileSize * factor;
    return (
      region.x % span === 0 &&
      region.y % span === 0 &&
      region.w === Math.min(span, image.width - region.x) &&
      region.h === Math.min(span, image.height - region.y) &&
      // Clients round a tile's scaled size either way; both count as the described tile.
      Math.abs(plan.width - region.w / factor) < 1 &&
      Math.abs(plan.height - region.h / factor) < 1
    );
  });
}
