// A new or changed story is fetched whole before the player switches to it: every picture into the story cache
// (the one the StoryPlayer reads from, so it then starts without the network) and checked; one that fails makes the
// whole download fail, and the player keeps showing what it showed and tries again later.
import type { StoryView } from "@repox/contracts";
import { pictureKey } from "../story-viewer/index.ts";
import { preloadStoryMedia } from "../story-viewer/story-cache.ts";

export async function downloadStoryMedia(view: StoryView): Promise<void> {
  const requests = view.pictures.map((picture) => ({ key: pictureKey(picture), url: picture.url }));
  const loaded = await preloadStoryMedia(requests);
  const failed = [...loaded.entries()].filter(([, address]) => !address?.startsWith("blob:"));
  for (const address of loaded.values()) if (address?.startsWith("blob:")) URL.revokeObjectURL(address);
  if (failed.length > 0) throw new Error(`${failed.length} of ${requests.length} pictures could not be downloaded`);
}
