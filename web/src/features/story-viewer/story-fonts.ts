// The fonts of spec 3 §9, bundled from npm (@fontsource), never from a CDN: each font's upright weights. The browser
// fetches a file only when a text uses that font, weight and script (the CSS declares unicode ranges); italics are
// slanted by the browser, the same way in the editor, the viewer and the exports.
import "@fontsource/gfs-didot/400.css";
import "@fontsource/gfs-neohellenic/400.css";
import "@fontsource/gfs-neohellenic/700.css";
import "@fontsource/oi/400.css";
import "@fontsource/open-sans/300.css";
import "@fontsource/open-sans/400.css";
import "@fontsource/open-sans/600.css";
import "@fontsource/open-sans/700.css";
import "@fontsource/open-sans/800.css";
import "@fontsource/roboto/100.css";
import "@fontsource/roboto/300.css";
import "@fontsource/roboto/400.css";
import "@fontsource/roboto/500.css";
import "@fontsource/roboto/700.css";
import "@fontsource/roboto/900.css";
import "@fontsource/roboto-mono/100.css";
import "@fontsource/roboto-mono/300.css";
import "@fontsource/roboto-mono/400.css";
import "@fontsource/roboto-mono/500.css";
import "@fontsource/roboto-mono/700.css";
import "@fontsource/source-sans-pro/200.css";
import "@fontsource/source-sans-pro/300.css";
import "@fontsource/source-sans-pro/400.css";
import "@fontsource/source-sans-pro/600.css";
import "@fontsource/source-sans-pro/700.css";
import "@fontsource/source-sans-pro/900.css";
import "@fontsource/ubuntu/300.css";
import "@fontsource/ubuntu/400.css";
import "@fontsource/ubuntu/500.css";
import "@fontsource/ubuntu/700.css";
import type { StoryFont, StoryScreen } from "@repox/contracts";

const FALLBACK: Record<StoryFont, string> = {
  "GFS Didot": "serif",
  "GFS Neohellenic": "sans-serif",
  Oi: "serif",
  "Open Sans": "sans-serif",
  Roboto: "sans-serif",
  "Roboto Mono": "monospace",
  "Source Sans Pro": "sans-serif",
  Ubuntu: "sans-serif",
};

export function fontStack(font: StoryFont): string {
  return `"${font}", ${FALLBACK[font]}`;
}

/** A font, weight and style a story uses, with the characters written in it (which decide the files to fetch). */
export type FontFace = { family: StoryFont; weight: number; style: "normal" | "italic"; characters: string };

/** Every font, weight and style the story's texts use, once each: what the player loads before it plays. */
export function fontFacesOf(screen: Pick<StoryScreen, "slides">): FontFace[] {
  const faces = new Map<string, Omit<FontFace, "characters"> & { characters: Set<string> }>();
  for (const slide of screen.slides) {
    for (const element of slide.elements) {
      if (element.type !== "TEXT" && element.type !== "TITLE") continue;
      const style = element.type === "TEXT" ? element.data.fontStyle : "normal";
      const key = `${element.data.fontFamily}|${element.data.fontWeight}|${style}`;
      const face = faces.get(key) ?? { family: element.data.fontFamily, weight: element.data.fontWeight, style, characters: new Set() };
      for (const character of element.data.text) face.characters.add(character);
      faces.set(key, face);
    }
  }
  return [...faces.values()].map((face) => ({ ...face, characters: [...face.characters].join("") }));
}

/** The CSS `font` shorthand `document.fonts.load` takes for a face. */
export function fontQuery(face: FontFace): string {
  return `${face.style} ${face.weight} 16px "${face.family}"`;
}
