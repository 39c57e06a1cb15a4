import { StoryUpdateBody } from "@repox/contracts";
import { describe, expect, it } from "vitest";
import { exportBody } from "./download-story-modal.tsx";
import { delaysAfter } from "./panel/animation-section.tsx";
import { parseTagText } from "./panel/story-tags-input.tsx";
import { spanStyle } from "./panel/timeline-bar.tsx";
import { firstIssueText } from "./story-issues.ts";

const animation = {
  enterAnimation: "fadeIn",
  leaveAnimation: "fadeOut",
  enterAnimationDelay: 1000,
  leaveAnimationDelay: 3000,
  durationEnter: 1000,
  durationLeave: 1000,
} as const;

describe("editor panel rules", () => {
  it("keeps a leave delay at or after the enter delay", () => {
    expect(delaysAfter(animation, { enterAnimationDelay: 5000 })).toEqual({ enterAnimationDelay: 5000, leaveAnimationDelay: 5000 });
    expect(delaysAfter(animation, { leaveAnimationDelay: 250 })).toEqual({ leaveAnimationDelay: 250, enterAnimationDelay: 250 });
    expect(delaysAfter(animation, { enterAnimationDelay: 2000 })).toEqual({ enterAnimationDelay: 2000 });
  });

  it("reads 'scope:name' for a new tag", () => {
    expect(parseTagText("place: harbour ")).toEqual({ scope: "place", name: "harbour" });
    expect(parseTagText("harbour")).toBeNull();
    expect(parseTagText(":harbour")).toBeNull();
    expect(parseTagText("a:b:c")).toBeNull();
  });

  it("places timeline bars in percent of the axis", () => {
    expect(spanStyle({ start: 1000, end: 3000 }, 10_000)).toEqual({ left: "10%", width: "20%" });
    expect(spanStyle({ start: 12_000, end: 15_000 }, 10_000)).toEqual({ left: "100%", width: "0.5%" });
  });

  it("sends the export body of each file option", () => {
    expect(exportBody("STILLS_FHD")).toEqual({ format: "SLIDE_IMAGE", resolution: "FHD" });
    expect(exportBody("STILLS_QHD")).toEqual({ format: "SLIDE_IMAGE", resolution: "QHD" });
    expect(exportBody("VIEWER")).toEqual({ format: "VIEWER" });
  });

  it("names a bad field as the server does before saving", () => {
    const checked = StoryUpdateBody.safeParse({
      title: "T",
      aspectRatio: "16:9",
      orientation: "LANDSCAPE",
      storyDetails: {
        screen: {
          slides: [{ id: "s", name: "Slide 1", elements: [{ id: "e", type: "IMAGE", x: 0, y: 0, width: 50, height: 100, data: {} }] }],
        },
      },
    });
    expect(checked.success).toBe(false);
    if (!checked.success)
      expect(firstIssueText(checked.error)).toBe(
        "storyDetails.screen.slides[0].elements[0].width must be at least 100 for an IMAGE element",
      );
  });
});
