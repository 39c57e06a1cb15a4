// Which reduced level a request is cut from, and where its region lies on that level.
import { describe, expect, it } from "vitest";
import { levelFor, regionOnLevel } from "./levels.ts";
import { parseImageRequest, resolveImageRequest } from "./parameters.ts";

const photo = { width: 8000, height: 6000 };
const planOf = (region: string, size: string) => resolveImageRequest(parseImageRequest(region, size, "0", "default.jpg"), photo);

describe("levelFor", () => {
  it("picks the level of a tile's scale factor, edge tiles included", () => {
    expect(levelFor(planOf("0,0,512,512", "512,"), photo, 512)).toBeUndefined();
    expect(levelFor(planOf("0,0,1024,1024", "512,"), photo, 512)).toEqual({ factor: 2, width: 4000, height: 3000 });
    expect(levelFor(planOf("4096,4096,3904,1904", "488,"), photo, 512)).toEqual({ factor: 8, width: 1000, height: 750 });
    expect(levelFor(planOf("full", "500,"), photo, 512)).toEqual({ factor: 16, width: 500, height: 375 });
  });

  it("picks the smallest level that still has the pixels an arbitrary size needs", () => {
    expect(levelFor(planOf("full", "1500,"), photo, 512)?.factor).toBe(4);
    expect(levelFor(planOf("full", "4000,"), photo, 512)?.factor).toBe(2);
    expect(levelFor(planOf("full", "4001,"), photo, 512)).toBeUndefined();
  });
});

describe("regionOnLevel", () => {
  it("divides the region by the factor and lets a region at the source's edge reach the level's", () => {
    const level = { factor: 4, width: 2000, height: 1500 };
    expect(regionOnLevel({ x: 2048, y: 2048, w: 2048, h: 2048 }, photo, level)).toEqual({ x: 512, y: 512, w: 512, h: 512 });
    expect(regionOnLevel({ x: 6144, y: 4096, w: 1856, h: 1904 }, photo, level)).toEqual({ x: 1536, y: 1024, w: 464, h: 476 });
    const odd = { width: 1001, height: 601 };
    expect(regionOnLevel({ x: 0, y: 0, w: 1001, h: 601 }, odd, { factor: 4, width: 251, height: 151 })).toEqual({
      x: 0,
      y: 0,
      w: 251,
      h: 151,
    });
  });
});
