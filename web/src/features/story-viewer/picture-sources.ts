// How slides find the address of a picture (an IMAGE element or a background): by uuid and source ('stories' for an
// uploaded asset, 'store' for a datastream). The viewer answers preloaded object URLs, the editor signed links, the
// offline viewer files beside its index.html.
import type { ImageSource } from "@repox/contracts";

export type StoryPictureRef = { uuid: string; from: ImageSource };

/** The address to show, or null when the picture is unknown or failed to load (a placeholder shows instead). */
export type PictureResolver = (picture: StoryPictureRef) => string | null;

export const pictureKey = (picture: StoryPictureRef) => `${picture.from}:${picture.uuid.toLowerCase()}`;

/** A resolver over a map of pictureKey → address. */
export function resolverOf(addresses: ReadonlyMap<string, string | null>): PictureResolver {
  return (picture) => addresses.get(pictureKey(picture)) ?? null;
}

export const NO_PICTURES: PictureResolver = () => null;
