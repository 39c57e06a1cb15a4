// Spec 3 §5: an asset upload takes one .png, .jpeg, .jpg, .gif or .bmp image. The name must carry one of these
// extensions and the bytes (sniffed by the blob store, never the client's Content-Type) must be that kind of image.
import { ASSET_IMAGE_EXTENSIONS, ASSET_IMAGE_KINDS } from "@repox/contracts";
import { BadRequest } from "../../platform/errors.ts";

type Extension = (typeof ASSET_IMAGE_EXTENSIONS)[number];

const KIND_NAMES: Record<string, string> = {
  "image/png": "a PNG image",
  "image/jpeg": "a JPEG image",
  "image/gif": "a GIF image",
  "image/bmp": "a BMP image",
};

const ACCEPTED = "Only .png, .jpeg, .jpg, .gif and .bmp images can be uploaded";

/** The file's last path segment as browsers may send it (some send a whole path). */
function baseName(fileName: string): string {
  return (fileName.split(/[/\\]/).pop() ?? "").replace(/\p{Cc}/gu, "").trim();
}

function extensionOf(fileName: string): Extension | undefined {
  const lower = baseName(fileName).toLowerCase();
  return ASSET_IMAGE_EXTENSIONS.find((extension) => lower.endsWith(extension) && lower.length > extension.length);
}

/** Before the bytes are read: the name must end with an accepted extension. */
export function checkImageFileName(fileName: string): void {
  if (!extensionOf(fileName)) {
    const shown = baseName(fileName);
    throw new BadRequest(shown ? `${ACCEPTED}: '${shown}' is not one of them` : `${ACCEPTED}: the file has no name`);
  }
}

/** After the bytes are stored: what they are must be what the name says. */
export function checkImageKind(fileName: string, sniffedMimeType: string): void {
  checkImageFileName(fileName);
  const extension = extensionOf(fileName);
  if (!extension) return;
  const expected = ASSET_IMAGE_KINDS[extension];
  if (sniffedMimeType === expected) return;
  const name = baseName(fileName);
  const actual = KIND_NAMES[sniffedMimeType];
  if (actual) {
    throw new BadRequest(`'${name}' is ${actual}, not ${KIND_NAMES[expected]} as its name says: rename it or upload another image`);
  }
  throw new BadRequest(`'${name}' is not ${KIND_NAMES[expected]}: its content is ${sniffedMimeType}. ${ACCEPTED}`);
}

/** A label from the file name when the `data` part gives none: the last path segment, at most 255 characters. */
export function labelFromFileName(fileName: string, maxLength: number): string {
  return baseName(fileName).slice(0, maxLength).trim() || "Untitled";
}
