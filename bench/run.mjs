// `npm run bench -- <name>`: runs one benchmark. Each module exports `run(args)`; add new benchmarks to this table.
const benchmarks = {
  api: {
    load: () => import("./api.mjs"),
    about: "API overhead: GET /api/my/permissions vs a bare Fastify route (--postgres), cold start, memory",
  },
  footprint: {
    load: () => import("./footprint.mjs"),
    about: "Embedded server's resident memory (idle, peak) through the content and vocabulary workloads, their timings (--compare)",
  },
  search: {
    load: () => import("./search.mjs"),
    about: "POST /api/search over 1 000 000 containers with property values (--containers N, --postgres), peak memory",
  },
  vocabulary: {
    load: () => import("./vocabulary.mjs"),
    about: "Term import (xlsx load + import) and term search at 100 000 terms, peak memory",
  },
  content: {
    load: () => import("./content.mjs"),
    about: "The content area's goals: 1 GiB upload vs cp, listing 10 000 + 10 000 children, then search and content-export",
  },
  "content-export": {
    load: () => import("./content-export.mjs"),
    about: "ZIP export of 10 000 files (1 GiB) through HTTP against tar of the same files, server memory",
  },
  surveys: {
    load: () => import("./surveys.mjs"),
    about: "Public submissions with retries vs plain inserts, summary and xlsx export at 100 000 responses (--postgres)",
  },
  screens: {
    load: () => import("./screens.mjs"),
    about: "1 000 players holding long polls or polling every 5 s: state p95, server CPU and memory, push to seen (--postgres)",
  },
  stories: {
    load: () => import("./stories.mjs"),
    about: "The story editor with 200 slides × 20 elements: time to open and frame time while dragging (Chromium trace)",
  },
  webdav: {
    load: () => import("./webdav.mjs"),
    about: "A 1 GiB file PUT over WebDAV against the same size uploaded through the API (POST /api/datastreams), and the ratio",
  },
  "web-bundle": {
    load: () => import("./web-bundle.mjs"),
    about: "Initial JavaScript of the web app (entry chunk + its static imports, raw and gzip) per page, against the whole build",
  },
};

const [name, ...args] = process.argv.slice(2);
const entry = name ? benchmarks[name] : undefined;
if (!entry) {
  if (name) console.error(`Unknown benchmark '${name}'.\n`);
  console.error("Usage: npm run bench -- <name>\n\nBenchmarks:");
  for (const [key, { about }] of Object.entries(benchmarks)) console.error(`  ${key.padEnd(8)} ${about}`);
  process.exit(name ? 1 : 2);
}

try {
  const { run } = await entry.load();
  await run(args);
  process.exit(0);
} catch (err) {
  console.error(`\nbench ${name} FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
}
