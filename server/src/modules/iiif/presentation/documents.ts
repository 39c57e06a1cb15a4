// Presentation API 3.0 documents from what the repository read: a Manifest per published container (a Canvas per
// picture painted from its Image API service; PDFs, videos and sound as renderings, with a Canvas showing their first
// page or frame), and a Collection per published collection container. Pure: no database, no HTTP.
import {
  IIIF_PRESENTATION_CONTEXT,
  iiifCollectionPath,
  iiifFilePath,
  iiifImageServicePath,
  iiifManifestPath,
  iiifThumbnailPath,
} from "@repox/contracts";
import { DERIVATIVE_SIZES } from "../../../platform/media/image-derivatives.ts";
import { mediaKindOf } from "../../../platform/media/media-kinds.ts";
import type { FileRow, MemberRow } from "./repository.ts";

/** A language map: texts by BCP 47 language. */
export type LanguageMap = Record<string, string[]>;
export type LabelValue = { label: LanguageMap; value: LanguageMap };
type Json = Record<string, unknown>;

/** Where documents point: the server's public origin and the tenant's code. */
export type Site = { origin: string; tenant: string; language: string };

export const manifestUrl = (site: Site, uuid: string) => `${site.origin}${iiifManifestPath(site.tenant, uuid)}`;
export const collectionUrl = (site: Site, uuid: string) => `${site.origin}${iiifCollectionPath(site.tenant, uuid)}`;
/** The Image API 3.0 service of a picture (modules/iiif/image answers it). */
const imageServiceUrl = (site: Site, uuid: string) => `${site.origin}${iiifImageServicePath(site.tenant, uuid)}`;
const previewUrl = (site: Site, uuid: string) => `${site.origin}/${site.tenant}/iiif/3/preview/${uuid}`;

export const languageMap = (site: Site, texts: readonly string[]): LanguageMap => ({ [site.language]: [...texts] });

/** A file, and whether the Image API serves it (its type and size; modules/iiif/image servesImage). */
export type ManifestFile = FileRow & { isServedImage: boolean };

export type ManifestInput = {
  container: { id: string; label: string };
  metadata: LabelValue[];
  requiredStatement: LabelValue | undefined;
  files: readonly ManifestFile[];
};

function thumbnailOf(site: Site, file: FileRow): Json[] | undefined {
  if (!file.thumb_width || !file.thumb_height) return undefined;
  const id = `${site.origin}${iiifThumbnailPath(site.tenant, file.id)}`;
  return [{ id, type: "Image", format: "image/webp", width: file.thumb_width, height: file.thumb_height }];
}

/**
 * What a file is to a viewer: a picture the Image API serves (deep zoom), a picture shown by its preview only (SVG,
 * or too large a file for the Image API), a document or a medium to open, or nothing.
 */
function roleOf(file: ManifestFile): "image" | "picture" | "Text" | "Video" | "Sound" | undefined {
  const kind = mediaKindOf(file.mime_type);
  if (kind === "image") return file.isServedImage ? "image" : "picture";
  if (kind === "pdf") return "Text";
  if (kind === "video") return "Video";
  if (file.mime_type.startsWith("audio/")) return "Sound";
  return undefined;
}
type Role = NonNullable<ReturnType<typeof roleOf>>;
const isLinked = (role: Role): role is "Text" | "Video" | "Sound" => role !== "image" && role !== "picture";

function renderingOf(site: Site, file: FileRow, type: string): Json {
  return {
    id: `${site.origin}${iiifFilePath(site.tenant, file.id)}`,
    type,
    label: languageMap(site, [file.label]),
    format: file.mime_type,
  };
}

/** The painting of one canvas: its page holding one annotation whose target is the whole canvas. */
function painted(canvasId: string, body: Json): Json[] {
  const page = `${canvasId}/page`;
  return [
    {
      id: page,
      type: "AnnotationPage",
      items: [{ id: `${page}/painting`, type: "Annotation", motivation: "painting", body, target: canvasId }],
    },
  ];
}

/**
 * The size of a file's canvas, and whether it is the picture's own: the size the Image API read when it has, else the
 * preview's, which is the picture's own unless the picture is larger than the preview box. A canvas of the preview's
 * size keeps the picture's proportions and the viewer scales the Image API's larger picture onto it: a canvas is a
 * coordinate space, not a pixel count.
 */
function canvasSize(file: FileRow): { width: number; height: number; isExact: boolean } | undefined {
  if (file.image_width && file.image_height) return { width: file.image_width, height: file.image_height, isExact: true };
  const { preview_width: width, preview_height: height } = file;
  if (!width || !height) return undefined;
  return { width, height, isExact: Math.max(width, height) < DERIVATIVE_SIZES.preview };
}

/** The canvas of a file with a known size: painted from the Image API for a served picture, else from its preview. */
function canvasOf(site: Site, manifestId: string, file: ManifestFile, role: Role): Json | undefined {
  const size = canvasSize(file);
  if (!size) return undefined;
  const { width, height, isExact } = size;
  const id = `${manifestId}/canvas/${file.id}`;
  const body: Json =
    role === "image"
      ? {
          id: `${imageServiceUrl(site, file.id)}/full/max/0/default.jpg`,
          type: "Image",
          format: "image/jpeg",
          ...(isExact ? { width, height } : {}),
          service: [{ id: imageServiceUrl(site, file.id), type: "ImageService3", profile: "level2" }],
        }
      : { id: previewUrl(site, file.id), type: "Image", format: "image/webp", width: file.preview_width, height: file.preview_height };
  const thumbnail = thumbnailOf(site, file);
  return {
    id,
    type: "Canvas",
    label: languageMap(site, [file.label]),
    width,
    height,
    ...(thumbnail ? { thumbnail } : {}),
    ...(isLinked(role) ? { rendering: [renderingOf(site, file, role)] } : {}),
    items: painted(id, body),
  };
}

export function manifestOf(site: Site, input: ManifestInput): Json {
  const id = manifestUrl(site, input.container.id);
  const canvases: Json[] = [];
  const renderings: Json[] = [];
  for (const file of input.files) {
    const role = roleOf(file);
    if (!role) continue;
    if (isLinked(role)) renderings.push(renderingOf(site, file, role));
    const canvas = canvasOf(site, id, file, role);
    if (canvas) canvases.push(canvas);
  }
  const thumbnail = input.files.map((file) => thumbnailOf(site, file)).find(Boolean);
  return {
    "@context": IIIF_PRESENTATION_CONTEXT,
    id,
    type: "Manifest",
    label: languageMap(site, [input.container.label]),
    ...(input.metadata.length > 0 ? { metadata: input.metadata } : {}),
    ...(input.requiredStatement ? { requiredStatement: input.requiredStatement } : {}),
    ...(thumbnail ? { thumbnail } : {}),
    ...(renderings.length > 0 ? { rendering: renderings } : {}),
    items: canvases,
  };
}

const memberOf = (site: Site, member: MemberRow): Json => ({
  id: member.collection ? collectionUrl(site, member.id) : manifestUrl(site, member.id),
  type: member.collection ? "Collection" : "Manifest",
  label: languageMap(site, [member.label]),
});

export type CollectionInput = {
  container: { id: string; label: string };
  total: number;
  pageSize: number;
  /** The page asked for and its members, or none: the whole collection. */
  page?: { number: number; members: readonly MemberRow[] };
  /** The members when the whole collection fits one page. */
  members?: readonly MemberRow[];
};

/** Presentation 3.0 has no paging of collections: a large one lists its pages as collections of their own. */
export function collectionOf(site: Site, input: CollectionInput): Json {
  const id = collectionUrl(site, input.container.id);
  const head = { "@context": IIIF_PRESENTATION_CONTEXT };
  const pageLabel = (number: number) => {
    const from = number * input.pageSize + 1;
    const to = Math.min(input.total, (number + 1) * input.pageSize);
    return languageMap(site, [`${input.container.label} (${from}–${to})`]);
  };
  if (input.page) {
    return {
      ...head,
      id: `${id}?page=${input.page.number}`,
      type: "Collection",
      label: pageLabel(input.page.number),
      partOf: [{ id, type: "Collection", label: languageMap(site, [input.container.label]) }],
      items: input.page.members.map((member) => memberOf(site, member)),
    };
  }
  const items = input.members
    ? input.members.map((member) => memberOf(site, member))
    : Array.from({ length: Math.ceil(input.total / input.pageSize) }, (_, number) => ({
        id: `${id}?page=${number}`,
        type: "Collection",
        label: pageLabel(number),
      }));
  return { ...head, id, type: "Collection", label: languageMap(site, [input.container.label]), items };
}
