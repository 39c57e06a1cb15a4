import { describe, expect, it } from "vitest";
import { DEFAULT_EMBED_SIZE, embedCode, embedDimension, embedUrl } from "./embed-code.ts";

const url = embedUrl("https://repox.example.org", "demo", "0190e0a0-0000-7000-8000-000000000001");

describe("website embed code", () => {
  it("frames /{tenant}/story-embed/{id} at 640×480 by default", () => {
    expect(url).toBe("https://repox.example.org/demo/story-embed/0190e0a0-0000-7000-8000-000000000001");
    expect(DEFAULT_EMBED_SIZE).toEqual({ width: 640, height: 480 });
    const code = embedCode({ url, title: "Front page", size: DEFAULT_EMBED_SIZE, isResponsive: false });
    expect(code).toBe(
      `<iframe src="${url}" title="Front page" width="640" height="480" style="border:0" allow="fullscreen; autoplay" allowfullscreen></iframe>`,
    );
  });

  it("wraps the iframe in a box keeping the proportion when responsive", () => {
    const code = embedCode({ url, title: "A", size: { width: 800, height: 600 }, isResponsive: true });
    expect(code).toContain("padding-top:75%");
    expect(code).toContain("width:100%;height:100%");
    expect(code).not.toContain('width="800"');
  });

  it("escapes the title and keeps sizes at their minimum and step", () => {
    expect(embedCode({ url, title: 'My "best" <site>', size: DEFAULT_EMBED_SIZE, isResponsive: false })).toContain(
      'title="My &quot;best&quot; &lt;site>"',
    );
    expect(embedDimension(100, 640)).toBe(640);
    expect(embedDimension(655, 640)).toBe(660);
    expect(embedDimension("", 300)).toBe(300);
    expect(embedDimension("abc", 300)).toBe(300);
  });
});
