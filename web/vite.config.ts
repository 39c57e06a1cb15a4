// Builds the SPA into web/dist; `base: '/'` keeps asset URLs absolute so they load under any /{tenant}/... path.
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const MANTINE_CORE = /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui)[\\/]/;

export default defineConfig({
  base: "/",
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app, so they get chunks of their own that stay cached across releases:
        // React, Mantine's core in two (what the sign-in page needs, and the rest, which the shell brings), and the
        // other libraries of the sign-in page (`$initial`: in the entry's static imports). Libraries only pages and
        // dialogs loaded on demand use (editors, maps, charts, pdf.js) go into those parts' own chunks.
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
            { name: "mantine", test: MANTINE_CORE, tags: ["$initial"], priority: 3 },
            { name: "mantine-more", test: MANTINE_CORE, priority: 2 },
            { name: "icons", test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 2 },
            { name: "vendor", test: /node_modules[\\/]/, tags: ["$initial"], priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { "/api": "http://localhost:8080" } },
});
