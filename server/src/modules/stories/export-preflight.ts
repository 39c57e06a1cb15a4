// Before an export renders anything, every picture of the story must still resolve (each within its own time limit),
// and once the viewer has loaded, no picture or font may be missing: an export fails at once with a report naming
// the slide and element, rather than failing mid-render or rendering a placeholder.
import { type ImageSource, picturesOfStory, type StoryDetails } from "@repox/contracts";
import { UnprocessableEntity } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { PictureFileReader } from "./story-view.ts";

export const PICTURE_CHECK_TIMEOUT_MS = 10_000;

type Place = (string | number)[];

/** "Slide 3 'Harbour', element 2 (IMAGE)", "Slide 3 'Harbour', background" or "The story's background". */
export function describePlace(details: StoryDetails, path: Place): string {
  const [, , slideIndex, part, elementIndex] = path;
  if (typeof slideIndex !== "number") return "The story's background";
  const slide = details.screen.slides[slideIndex];
  const slideName = `Slide ${slideIndex + 1} '${slide?.name ?? ""}'`;
  if (part !== "elements" || typeof elementIndex !== "number") return `${slideName}, background`;
  const element = slide?.elements[elementIndex];
  return `${slideName}, element ${elementIndex + 1} (${element?.type ?? "unknown"})`;
}

const SOURCE_NAMES: Record<ImageSource, string> = { store: "from the store", stories: "among the story images" };

export class ExportPreflightFailed extends UnprocessableEntity {
  constructor(readonly problems: string[]) {
    super(`This story cannot be exported: ${problems.join("; ")}.`);
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Whether the picture's row and first byte can be read. */
async function resolves(ctx: RequestContext, read: PictureFileReader, uuid: string, timeoutMs: number): Promise<boolean> {
  try {
    await withTimeout(
      (async () => {
        const file = await read(ctx, uuid);
        if (file.size === 0) return file.discard?.();
        const stream = await file.open({ start: 0, end: 0 });
        stream.destroy();
      })(),
      timeoutMs,
    );
    return true;
  } catch {
    return false;
  }
}

/** Checks each picture once (in parallel), then reports every place that shows a missing one. */
export async function checkStoryPictures(
  ctx: RequestContext,
  details: StoryDetails,
  pictureFiles: Record<ImageSource, PictureFileReader>,
  timeoutMs = PICTURE_CHECK_TIMEOUT_MS,
): Promise<void> {
  const pictures = picturesOfStory(details, []);
  const keyOf = (picture: { uuid: string; from: ImageSource }) => `${picture.from}:${picture.uuid.toLowerCase()}`;
  const unique = new Map(pictures.map((picture) => [keyOf(picture), picture]));
  const results = await Promise.all(
    [...unique.entries()].map(
      async ([key, picture]) => [key, await resolves(ctx, pictureFiles[picture.from], picture.uuid, timeoutMs)] as const,
    ),
  );
  const missing = new Set(results.filter(([, isThere]) => !isThere).map(([key]) => key));
  const problems = pictures
    .filter((picture) => missing.has(keyOf(picture)))
    .map(
      (picture) =>
        `${describePlace(details, picture.path)}: the picture ${picture.uuid} (${SOURCE_NAMES[picture.from]}) is no longer available`,
    );
  if (problems.length > 0) throw new ExportPreflightFailed(problems);
}

/** What the viewer could not load (its `missing` list), named by slide and element. */
export function checkLoadedMedia(details: StoryDetails, missing: { pictures: { uuid: string; from: string }[]; fonts: string[] }): void {
  const problems = new Set<string>();
  const lostPictures = new Set(missing.pictures.map((picture) => `${picture.from}:${picture.uuid.toLowerCase()}`));
  for (const picture of picturesOfStory(details, [])) {
    if (lostPictures.has(`${picture.from}:${picture.uuid.toLowerCase()}`)) {
      problems.add(`${describePlace(details, picture.path)}: the picture ${picture.uuid} could not be loaded`);
    }
  }
  for (const font of missing.fonts) {
    details.screen.slides.forEach((slide, slideIndex) => {
      slide.elements.forEach((element, elementIndex) => {
        if ((element.type === "TEXT" || element.type === "TITLE") && font.includes(`"${element.data.fontFamily}"`)) {
          const place = describePlace(details, ["screen", "slides", slideIndex, "elements", elementIndex]);
          problems.add(`${place}: the font ${element.data.fontFamily} could not be loaded`);
        }
      });
    });
  }
  if (problems.size > 0) throw new ExportPreflightFailed([...problems]);
}
