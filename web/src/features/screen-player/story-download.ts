// A new or changed story is fetched whole before the player switches to it: every picture into the story cache
// (the one the StoryPlayer reads from, so it then starts without the network) and every font its texts write with,
// each checked; one that fails makes the whole download fail, and the player keeps showing what it showed and tries
// again later. So the switch shows the story at once, never its loader or a text in a stand-in font.
import type { StoryView } from "@repox/contracts";
import { pictureKey } from "../story-viewer/index.ts";
import { preloadFonts, preloadStoryMedia } from "../story-viewer/story-cache.ts";
import { fontFacesOf, fontQuery } from "../story-viewer/story-fonts.ts";

export async function downloadStoryMedia(view: StoryView): Promise<void> {
  const requests = view.pictures.map((picture) => ({ key: pictureKey(picture), url: picture.url }));
  const fonts = fontFacesOf(view.storyDetails.screen).map((face) => ({ query: fontQuery(face), characters: face.characters }));
  const [loaded, missingFonts] = await Promise.all([preloadStoryMedia(requests), preloadFonts(fonts)]);
  const failed = [...loaded.entries()].filter(([, address]) => !address?.startsWith("blob:"));
  for (const address of loaded.values()) if (address?.startsWith("blob:")) URL.revokeObjectURL(address);
  if (failed.length > 0) throw new Error(`${failed.length} of ${requests.length} pictures could not be downloaded`);
  if (missingFonts.length > 0) throw new Error(`Fonts could not be loaded: ${missingFonts.join(", ")}`);
}
