import { describe, expect, it } from "vitest";
import { coveredBox, snapLines, snapMove } from "./snap-lines.ts";

const canvas = { width: 2560, height: 1440 };
const mover = coveredBox({ x: 200, y: 200, width: 200, height: 50, rotation: 0 });

describe("snapping a moved element", () => {
  it("puts its centre on the canvas centre when it comes within the threshold", () => {
    const lines = snapLines(canvas, []);
    // The centre (300, 225) moved to 4 px short of (1280, 720) on both axes.
    expect(snapMove(mover, 976, 491, lines, 6)).toEqual({ dx: 980, dy: 495, vertical: 1280, horizontal: 720 });
  });

  it("leaves an axis alone when no line is within the threshold", () => {
    const lines = snapLines(canvas, []);
    expect(snapMove(mover, 300, 100, lines, 6)).toEqual({ dx: 300, dy: 100, vertical: null, horizontal: null });
  });

  it("snaps an edge onto another element's edge, the nearest line winning", () => {
    const anchor = coveredBox({ x: 1500, y: 900, width: 300, height: 100, rotation: 0 });
    const lines = snapLines(canvas, [anchor]);
    // The left edge 3 px past the anchor's left edge (1500); the right edge (1703) is 3 px from nothing.
    expect(snapMove(mover, 1303, 0, lines, 6)).toMatchObject({ dx: 1300, vertical: 1500 });
    // Right edge 2 px short of the anchor's right edge (1800) beats the left edge 5 px from its centre (1650).
    expect(snapMove(mover, 1398, 0, lines, 6)).toMatchObject({ dx: 1400, vertical: 1800 });
  });

  it("counts a rotated element with the upright box it covers", () => {
    const box = coveredBox({ x: 0, y: 0, width: 200, height: 50, rotation: 90 });
    expect(box).toEqual({ left: 75, top: -75, right: 125, bottom: 125 });
    const diagonal = coveredBox({ x: 0, y: 0, width: 100, height: 100, rotation: 45 });
    expect(diagonal.right - diagonal.left).toBeCloseTo(100 * Math.SQRT2);
  });
});
