// A story's pictures: those from the store (`from: 'store'`) name datastreams, the others (`from: 'stories'`, and the
// cover) name story assets. Saving checks, inside the saving transaction, that the author can read each datastream
// and that it is a picture, and that each asset is one of the tenant's, so a file of another tenant, in the trash or
// gone can never become part of a story.
import { fieldPath, type StoryPicture } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest } from "../../platform/errors.ts";
import { existingAssetIds } from "../assets/repository.ts";

/** What stories need from the datastreams area (its service's `within(trx)`). */
export type DatastreamReader = (trx: Trx) => { readableMediaTypes(ids: readonly string[]): Promise<Map<string, string>> };

const distinctIds = (pictures: readonly StoryPicture[]) => [...new Set(pictures.map((picture) => picture.uuid.toLowerCase()))];

async function checkStorePictures(trx: Trx, datastreams: DatastreamReader, pictures: readonly StoryPicture[]): Promise<void> {
  if (pictures.length === 0) return;
  const mediaTypes = await datastreams(trx).readableMediaTypes(distinctIds(pictures));
  for (const picture of pictures) {
    const mediaType = mediaTypes.get(picture.uuid.toLowerCase());
    const field = fieldPath(picture.path);
    if (mediaType === undefined) throw new BadRequest(`Invalid body: ${field} names no datastream you can read (${picture.uuid})`);
    if (!mediaType.startsWith("image/"))
      throw new BadRequest(`Invalid body: ${field} names a datastream that is not a picture (${mediaType})`);
  }
}

async function checkAssetPictures(trx: Trx, pictures: readonly StoryPicture[]): Promise<void> {
  if (pictures.length === 0) return;
  const existing = await existingAssetIds(trx, distinctIds(pictures));
  const missing = pictures.find((picture) => !existing.has(picture.uuid.toLowerCase()));
  if (missing) throw new BadRequest(`Invalid body: ${fieldPath(missing.path)} names no story image (${missing.uuid})`);
}

/** Refuses (400 naming the field) a picture or cover the author cannot use. */
export async function checkPictures(
  trx: Trx,
  datastreams: DatastreamReader,
  pictures: readonly StoryPicture[],
  coverPage: { uuid: string | null; path: (string | number)[] } = { uuid: null, path: [] },
): Promise<void> {
  const assets = pictures.filter((picture) => picture.from === "stories");
  if (coverPage.uuid) assets.push({ uuid: coverPage.uuid, from: "stories", path: coverPage.path });
  await checkStorePictures(
    trx,
    datastreams,
    pictures.filter((picture) => picture.from === "store"),
  );
  await checkAssetPictures(trx, assets);
}
