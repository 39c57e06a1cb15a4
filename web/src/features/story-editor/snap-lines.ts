// Snapping for an element moved with the pointer: its edges and centre snap onto the canvas's edges and centre lines
// and onto the edges and centres of the slide's other elements, each axis on its own, when within a few screen pixels.
// All in canvas pixels; a rotated element counts with the upright box it covers.
import type { StoryElement } from "@repox/contracts";

export type CoveredBox = { left: number; top: number; right: number; bottom: number };
export type SnapLines = { vertical: number[]; horizontal: number[] };
/** A move after snapping, and the lines it snapped onto (null on an axis that did not snap). */
export type SnappedMove = { dx: number; dy: number; vertical: number | null; horizontal: number | null };

/** The upright box an element covers on the canvas, its rotation included. */
export function coveredBox({ x, y, width, height, rotation }: Pick<StoryElement, "x" | "y" | "width" | "height" | "rotation">): CoveredBox {
  const radians = (rotation * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const halfWidth = (width * cos + height * sin) / 2;
  const halfHeight = (width * sin + height * cos) / 2;
  const centreX = x + width / 2;
  const centreY = y + height / 2;
  return { left: centreX - halfWidth, top: centreY - halfHeight, right: centreX + halfWidth, bottom: centreY + halfHeight };
}

/** The lines a moved element snaps onto: the canvas's edges and centre, and each other element's edges and centre. */
export function snapLines(canvas: { width: number; height: number }, others: CoveredBox[]): SnapLines {
  const vertical = [0, canvas.width / 2, canvas.width];
  const horizontal = [0, canvas.height / 2, canvas.height];
  for (const box of others) {
    vertical.push(box.left, (box.left + box.right) / 2, box.right);
    horizontal.push(box.top, (box.top + box.bottom) / 2, box.bottom);
  }
  return { vertical, horizontal };
}

/** The shift that brings the nearest of `positions` onto the nearest line within `threshold`, or null. */
function snapAxis(positions: number[], lines: number[], threshold: number): { shift: number; line: number } | null {
  let best: { shift: number; line: number } | null = null;
  for (const position of positions) {
    for (const line of lines) {
      const shift = line - position;
      if (Math.abs(shift) <= threshold && (best === null || Math.abs(shift) < Math.abs(best.shift))) best = { shift, line };
    }
  }
  return best;
}

/** `box` moved by (dx, dy), snapped on each axis onto the nearest line within `threshold` canvas pixels. */
export function snapMove(box: CoveredBox, dx: number, dy: number, lines: SnapLines, threshold: number): SnappedMove {
  const x = snapAxis([box.left + dx, (box.left + box.right) / 2 + dx, box.right + dx], lines.vertical, threshold);
  const y = snapAxis([box.top + dy, (box.top + box.bottom) / 2 + dy, box.bottom + dy], lines.horizontal, threshold);
  return { dx: dx + (x?.shift ?? 0), dy: dy + (y?.shift ?? 0), vertical: x?.line ?? null, horizontal: y?.line ?? null };
}
