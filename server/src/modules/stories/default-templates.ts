// The default slide templates every tenant has, for every ratio and orientation: title, title + text, full-bleed
// image, image + caption, two images, quote. They are code rather than rows (migration 0019 says why); their layouts
// are laid out in fractions of the canvas, so each fits the story it is added to, and their ids are derived from
// their key and format so they stay the same from one release to the next.
import { createHash } from "node:crypto";
import {
  ASPECT_RATIOS,
  type AspectRatio,
  canvasSize,
  newElement,
  newSlide,
  ORIENTATIONS,
  type Orientation,
  type SlideDetails,
  type SlideTemplate,
  type StoryElement,
} from "@repox/contracts";

type Canvas = { width: number; height: number; portrait: boolean };
type Box = { x: number; y: number; width: number; height: number };

/** A box given in fractions of the canvas, in whole pixels. */
const box = (canvas: Canvas, x: number, y: number, width: number, height: number): Box => ({
  x: Math.round(canvas.width * x),
  y: Math.round(canvas.height * y),
  width: Math.round(canvas.width * width),
  height: Math.round(canvas.height * height),
});

/** Type sizes follow the canvas's short side, so a portrait slide's text is as large as a landscape one's. */
const typeSize = (canvas: Canvas, share: number) => Math.round(Math.min(canvas.width, canvas.height) * share);

function title(id: string, at: Box, canvas: Canvas, text: string, textAlign: "left" | "center" = "center"): StoryElement {
  const element = newElement("TITLE", id);
  if (element.type !== "TITLE") throw new Error("unreachable");
  return {
    ...element,
    ...at,
    name: "Title",
    data: { ...element.data, text, textAlign, fontWeight: 700, fontSize: typeSize(canvas, 0.075) },
  };
}

function text(
  id: string,
  at: Box,
  canvas: Canvas,
  options: { text: string; share: number; italic?: boolean; align?: "left" | "center" | "right" },
) {
  const element = newElement("TEXT", id);
  if (element.type !== "TEXT") throw new Error("unreachable");
  return {
    ...element,
    ...at,
    name: "Text",
    data: {
      ...element.data,
      text: options.text,
      fontSize: typeSize(canvas, options.share),
      textAlign: options.align ?? "left",
      fontStyle: options.italic ? "italic" : "normal",
      ...(options.italic ? { fontFamily: "GFS Didot" as const } : {}),
    },
  } satisfies StoryElement;
}

/** An empty picture frame of a fixed size: the author picks the picture, the frame keeps the layout. */
function image(id: string, at: Box): StoryElement {
  const element = newElement("IMAGE", id);
  if (element.type !== "IMAGE") throw new Error("unreachable");
  return { ...element, ...at, name: "Image", data: { ...element.data, dimensionsAreSet: true } };
}

function slide(name: string, elements: StoryElement[], backgroundColor = "#fff"): SlideDetails {
  const { id: _id, templateId: _templateId, ...details } = newSlide("template", 1);
  return { ...details, name, background: { ...details.background, color: backgroundColor }, elements };
}

type Layout = { key: string; title: string; description: string; details: (canvas: Canvas) => SlideDetails };

const LAYOUTS: Layout[] = [
  {
    key: "title",
    title: "Title",
    description: "A large title in the middle of the slide",
    details: (c) => slide("Title", [title("title", box(c, 0.1, 0.4, 0.8, 0.2), c, "Enter a title")]),
  },
  {
    key: "title-text",
    title: "Title and text",
    description: "A title above a block of text",
    details: (c) =>
      slide("Title and text", [
        title("title", box(c, 0.08, 0.08, 0.84, 0.16), c, "Enter a title", "left"),
        text("text", box(c, 0.08, 0.3, 0.84, 0.6), c, { text: "Enter your text", share: 0.035 }),
      ]),
  },
  {
    key: "full-bleed-image",
    title: "Full-bleed image",
    description: "One picture filling the whole slide",
    details: (c) => slide("Full-bleed image", [image("image", box(c, 0, 0, 1, 1))], "#000000"),
  },
  {
    key: "image-caption",
    title: "Image and caption",
    description: "A picture with a caption beside it (below it on portrait slides)",
    details: (c) =>
      slide(
        "Image and caption",
        c.portrait
          ? [
              image("image", box(c, 0.06, 0.05, 0.88, 0.62)),
              text("caption", box(c, 0.06, 0.71, 0.88, 0.22), c, { text: "Enter a caption", share: 0.04 }),
            ]
          : [
              image("image", box(c, 0.05, 0.1, 0.58, 0.8)),
              text("caption", box(c, 0.67, 0.1, 0.28, 0.8), c, { text: "Enter a caption", share: 0.04 }),
            ],
      ),
  },
  {
    key: "two-images",
    title: "Two images",
    description: "Two pictures side by side (one above the other on portrait slides)",
    details: (c) =>
      slide(
        "Two images",
        c.portrait
          ? [image("image-1", box(c, 0.06, 0.05, 0.88, 0.43)), image("image-2", box(c, 0.06, 0.52, 0.88, 0.43))]
          : [image("image-1", box(c, 0.05, 0.15, 0.43, 0.7)), image("image-2", box(c, 0.52, 0.15, 0.43, 0.7))],
      ),
  },
  {
    key: "quote",
    title: "Quote",
    description: "A quotation and who said it",
    details: (c) =>
      slide(
        "Quote",
        [
          text("quote", box(c, 0.12, 0.28, 0.76, 0.32), c, { text: "“Enter a quote”", share: 0.06, italic: true, align: "center" }),
          text("attribution", box(c, 0.12, 0.64, 0.76, 0.08), c, { text: "— Enter a name", share: 0.03, align: "center" }),
        ],
        "#f4f1ea",
      ),
  },
];

/** A name-based UUID (version 5 layout over SHA-1), so a default template keeps its id across releases. */
function nameUuid(name: string): string {
  const bytes = createHash("sha1").update(`repox:slide-template:${name}`).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function defaultsFor(aspectRatio: AspectRatio, orientation: Orientation): SlideTemplate[] {
  const canvas = { ...canvasSize(aspectRatio, orientation), portrait: orientation === "PORTRAIT" };
  return LAYOUTS.map((layout) => {
    const id = nameUuid(`${layout.key}:${aspectRatio}:${orientation}`);
    return {
      id,
      uuid: id,
      title: layout.title,
      description: layout.description,
      coverPage: null,
      aspectRatio,
      orientation,
      slideDetails: layout.details(canvas),
      isDefault: true,
      createdBy: null,
      createdAt: null,
    };
  });
}

/** Every default template, in a fixed order: by ratio, orientation, then layout. */
export const DEFAULT_SLIDE_TEMPLATES: readonly SlideTemplate[] = ASPECT_RATIOS.flatMap((ratio) =>
  ORIENTATIONS.flatMap((orientation) => defaultsFor(ratio, orientation)),
);

const DEFAULT_IDS = new Set(DEFAULT_SLIDE_TEMPLATES.map((template) => template.id));
export const isDefaultTemplateId = (id: string) => DEFAULT_IDS.has(id.toLowerCase());

export function defaultTemplates(filter: {
  aspectRatio?: AspectRatio | undefined;
  orientation?: Orientation | undefined;
}): SlideTemplate[] {
  return DEFAULT_SLIDE_TEMPLATES.filter(
    (template) =>
      (!filter.aspectRatio || template.aspectRatio === filter.aspectRatio) &&
      (!filter.orientation || template.orientation === filter.orientation),
  );
}
