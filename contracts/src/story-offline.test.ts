// story.js: the story as a script that sets the offline viewer's global, whatever its texts hold.
import { describe, expect, it } from "vitest";
import { OFFLINE_VIEWER, type OfflineStory, offlineStoryScript } from "./story-offline.ts";

describe("offlineStoryScript", () => {
  it("sets the global to the story, with no text able to end a script tag early", () => {
    const story = {
      id: "0193f0aa-0000-7000-8000-000000000000",
      title: "Quay </script><script>alert(1)</script> \u2028 ünïcode",
    } as OfflineStory;
    const script = offlineStoryScript(story);
    expect(script).not.toMatch(/<\/?script/i);
    const window: Record<string, unknown> = {};
    new Function("window", script)(window);
    expect(window[OFFLINE_VIEWER.storyGlobal]).toEqual(story);
  });
});
