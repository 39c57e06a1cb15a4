// The files of the built offline viewer (web/dist/offline-viewer, made by web/vite.offline.config.ts) that go into a
// story's offline export: everything but the fonts of families the story does not write with, and of each font only
// the WOFF2 files (every browser that runs the viewer's script reads WOFF2 and asks for it first; the WOFF beside it
// would only double the download).
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import type { StoryDetails, StoryFont } from "@repox/contracts";

export type ViewerFile = { path: string; file: string; size: number };

/** Where vite.offline.config.ts puts the fonts: fonts/<@fontsource package>/. */
const FONTS_FOLDER = "fonts";

/** The @fontsource package of a §9 font ('Source Sans Pro' → source-sans-pro). */
export function fontPackageOf(font: StoryFont): string {
  return font.toLowerCase().replace(/\s+/g, "-");
}

/** The font packages the story's texts use. */
export function fontPackagesOf(details: StoryDetails): Set<string> {
  const packages = new Set<string>();
  for (const slide of details.screen.slides) {
    for (const element of slide.elements) {
      if (element.type === "TEXT" || element.type === "TITLE") packages.add(fontPackageOf(element.data.fontFamily));
    }
  }
  return packages;
}

export function isViewerBuilt(viewerDir: string): boolean {
  return existsSync(join(viewerDir, "index.html"));
}

async function* walk(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const file = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (entry.isFile()) yield file;
  }
}

/** The viewer's files for a story whose texts use `fontPackages`, in a stable order, with paths inside the ZIP. */
export async function viewerFilesFor(viewerDir: string, fontPackages: ReadonlySet<string>): Promise<ViewerFile[]> {
  const files: ViewerFile[] = [];
  for await (const file of walk(viewerDir)) {
    const path = relative(viewerDir, file).split(sep).join("/");
    const [top, fontPackage] = path.split("/");
    if (top === FONTS_FOLDER && (!fontPackage || !fontPackages.has(fontPackage) || !path.endsWith(".woff2"))) continue;
    files.push({ path, file, size: (await stat(file)).size });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
