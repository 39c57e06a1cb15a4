// A story as a viewer plays it (spec 3 §2 /repox-story/{uuid}, §4 Story viewer): only what playing needs, and a link
// for each picture the story shows. The links are the story's own (GET /api/stories/{id}/pictures/{from}/{uuid},
// signed and short-lived): a viewer reaches a picture of the store only through a story that shows it, never the rest
// of the store. The embed and the screens answer the same shape from their own routes.
import { z } from "zod";
import { Uuid } from "./common.ts";
import { ASPECT_RATIOS, IMAGE_SOURCES, ORIENTATIONS } from "./story-constants.ts";
import { StoryDetails } from "./story-details.ts";

export const StoryPictureLink = z.object({
  uuid: Uuid,
  from: z.enum(IMAGE_SOURCES),
  /** A signed link (30 to 60 minutes) answering the picture's bytes. */
  url: z.string(),
});
export type StoryPictureLink = z.infer<typeof StoryPictureLink>;

/** GET /api/stories/{id}/view. */
export const StoryView = z.object({
  id: Uuid,
  title: z.string(),
  aspectRatio: z.enum(ASPECT_RATIOS),
  orientation: z.enum(ORIENTATIONS),
  /** The canvas in pixels. */
  width: z.number().int(),
  height: z.number().int(),
  storyDetails: StoryDetails,
  /** Every picture the story shows (element images, slide and story backgrounds), once each. */
  pictures: z.array(StoryPictureLink),
});
export type StoryView = z.infer<typeof StoryView>;

export const StoryPictureParams = z.object({
  id: Uuid,
  from: z.enum(IMAGE_SOURCES, { error: `must be one of ${IMAGE_SOURCES.join(", ")}` }),
  uuid: Uuid,
});
export type StoryPictureParams = z.infer<typeof StoryPictureParams>;
