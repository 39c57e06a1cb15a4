// Builds the offline story viewer (web/offline/index.html → dist/offline-viewer/) that the story export `{format:
// 'VIEWER'}` zips with the story. It must run from file://, where Chromium refuses module scripts and CORS requests:
// one classic deferred script (IIFE, no chunks, no module preload), no `crossorigin`, and every address relative
// (`base: './'`, so the fonts' url()s in the CSS point beside it). Fonts go to fonts/<package>/ so the export can take
// only the families the story uses.
import { OFFLINE_VIEWER } from "@repox/contracts";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const FONT_PACKAGE = /@fontsource[\\/]([a-z0-9-]+)[\\/]/;

/**
 * Vite writes module script tags; a page opened from a file needs a classic deferred script and no CORS mode. The
 * story comes first, from the plain script the export writes beside index.html (added here: vite would try to bundle it).
 */
function classicScripts(): Plugin {
  const story = `<script src="./${OFFLINE_VIEWER.storyFile}"></script>`;
  return {
    name: "repox-offline-classic-scripts",
    enforce: "post",
    transformIndexHtml: {
      order: "post",
      handler: (html) =>
        html.replace(/<script type="module" crossorigin/g, `${story}\n    <script defer`).replace(/ crossorigin(="[^"]*")?/g, ""),
    },
  };
}

export default defineConfig({
  root: "offline",
  base: "./",
  plugins: [react(), classicScripts()],
  build: {
    outDir: "../dist/offline-viewer",
    emptyOutDir: true,
    modulePreload: false,
    // One script by design (a file:// page cannot load chunks as modules); about 800 kB, 240 kB deflated in the ZIP.
    chunkSizeWarningLimit: 1024,
    // Every picture and font stays a file of its own: the export picks the fonts, and nothing grows the script.
    assetsInlineLimit: 0,
    // One stylesheet file beside the script, rather than styles the script injects.
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        format: "iife",
        codeSplitting: false,
        entryFileNames: "viewer.js",
        assetFileNames: (asset) => {
          const font = asset.originalFileNames.map((name) => FONT_PACKAGE.exec(name)?.[1]).find(Boolean);
          if (font) return `fonts/${font}/[name]-[hash][extname]`;
          return asset.names.some((name) => name.endsWith(".css")) ? "viewer.css" : "assets/[name]-[hash][extname]";
        },
      },
    },
  },
});
