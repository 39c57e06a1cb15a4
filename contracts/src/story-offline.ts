// The offline viewer export (spec 3 §7 `{format: 'VIEWER'}`): a ZIP that plays a story from file:// with no server.
// Its index.html loads `story.js` with a classic script tag (a file:// page may not fetch files beside it), which sets
// the story on a global the bundled player reads; each picture is a file under media/, named relative to index.html.
import type { StoryView } from "./story-view.ts";

export const OFFLINE_VIEWER = {
  /** The script beside index.html holding the story. */
  storyFile: "story.js",
  /** The folder beside index.html holding the pictures. */
  mediaFolder: "media",
  /** The global `story.js` sets. */
  storyGlobal: "__repoxOfflineStory",
} as const;

/** What `story.js` holds: the story as GET /api/stories/{id}/view answers it, each picture's url a relative path. */
export type OfflineStory = StoryView;

/** The body of story.js for a story (JSON is a JavaScript expression; `<` escaped so no text can end a script). */
export function offlineStoryScript(story: OfflineStory): string {
  return `window.${OFFLINE_VIEWER.storyGlobal} = ${JSON.stringify(story).replace(/</g, "\\u003c")};\n`;
}
