// sharp (libvips), imported on first use (a thumbnail, an IIIF render, a guide image, a screen's capture): a server
// that handles no picture never loads it (22 MiB of a bare process's resident memory; docs/performance.md, `footprint`).
import type sharpFunction from "sharp";
import { onFirstUse } from "../first-use.ts";

export type Sharp = typeof sharpFunction;

export const loadSharp: () => Promise<Sharp> = onFirstUse(() =>
  import("sharp").then(({ default: sharp }) => {
    // Every source is read once: libvips' operation cache would only hold memory and open files.
    sharp.cache(false);
    return sharp;
  }),
);
