// `npm run bench -- web-bundle`: how much JavaScript the web app's first page loads.
//
// 1. Vite builds web/ with its own config (web/vite.config.ts) into a temporary dir, with the manifest on; web/dist is
//    left alone. A small plugin records which chunk each module ended up in and its rendered size.
// 2. Initial JS = the entry chunk of index.html plus everything it imports statically, transitively (the chunks the
//    browser fetches before the app can render: the entry's script and its modulepreload links).
// 3. A page = the initial JS plus the chunk holding its module and that chunk's static imports, when the module was
//    split off (the router's `lazy` routes and lazy dialogs); an on-demand part = what opening it adds to a page.
//    Raw bytes as written to disk, gzip with zlib's default level (the server sends files uncompressed; a
//    compressing proxy in front would send about the gzip figure).
// 4. The baseline is all JavaScript of the build: the printed ratio is the share of it the sign-in page loads.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { fmt, machine, root, tempDir, withCleanUp } from "./harness.mjs";

const web = join(root, "web");
const ENTRY = "index.html";

/** Pages measured: what the browser loads to show them (modules relative to web/). */
const pages = [
  { name: "sign-in page (/demo/login)", modules: ["src/features/auth/login-page.tsx"] },
  { name: "content list (/demo/containers)", modules: ["src/app/shell/shell-layout.tsx", "src/features/containers/containers-page.tsx"] },
];

/** Parts loaded on demand, each measured as what it adds to the content list. */
const onDemand = [
  { name: "container form (rich text, map)", module: "src/features/container-form/container-form-modal.tsx" },
  { name: "upload dialog", module: "src/features/upload/upload-modal.tsx" },
  { name: "file preview (pdf.js)", module: "src/features/file-preview/file-preview-modal.tsx" },
  { name: "print preview", module: "src/features/print-preview/print-preview-modal.tsx" },
  { name: "import wizard", module: "src/features/content-import/import-wizard.tsx" },
  { name: "export dialog", module: "src/features/content-export/export-dialog.tsx" },
  { name: "reports (charts)", module: "src/features/reports/reports-page.tsx" },
  { name: "content model: container types", module: "src/features/content-types/types-page.tsx" },
  { name: "content model: properties", module: "src/features/content-model/properties/properties-page.tsx" },
  { name: "vocabulary (terms)", module: "src/features/vocabularies/vocabulary-page.tsx" },
  { name: "users", module: "src/features/users/users-page.tsx" },
];

/** Records, for every chunk, its modules and their rendered sizes (before minification). */
function chunkModules(into) {
  return {
    name: "repox-bench-chunk-modules",
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        into.set(
          output.fileName,
          Object.entries(output.modules).map(([id, module]) => ({ id, size: module.renderedLength })),
        );
      }
    },
  };
}

/** The npm package a module id belongs to, or the workspace folder for the project's own code. */
function owner(id) {
  const match = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  if (match) return match[1].replace("\\", "/");
  if (id.includes(`${join(root, "contracts")}`)) return "(contracts)";
  return id.startsWith(web) ? "(web/src)" : "(other)";
}

/** The chunk files `file` needs before it runs: itself and its static imports, transitively. */
function closure(manifest, byFile, file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  for (const key of byFile.get(file)?.imports ?? []) closure(manifest, byFile, manifest[key].file, into);
  return into;
}

function sizes(files, bytes) {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    raw += bytes.get(file).raw;
    gzip += bytes.get(file).gzip;
  }
  return { raw, gzip };
}

const kb = (n) => `${fmt(n / 1000, 1)} kB`;
const row = (name, s, extra = "") => `${name.padEnd(40)} ${kb(s.raw).padStart(11)} ${kb(s.gzip).padStart(11)}${extra}`;

export function run() {
  return withCleanUp(async () => {
    const outDir = await tempDir("repox-bench-web-");
    const modulesByChunk = new Map();
    console.log(`Building web/ into ${outDir} ...`);
    const started = performance.now();
    await build({
      root: web,
      configFile: join(web, "vite.config.ts"),
      logLevel: "warn",
      plugins: [chunkModules(modulesByChunk)],
      build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
    });
    const buildMs = performance.now() - started;

    const manifest = JSON.parse(await readFile(join(outDir, ".vite", "manifest.json"), "utf8"));
    const byFile = new Map(Object.values(manifest).map((entry) => [entry.file, entry]));
    const bytes = new Map();
    for (const file of modulesByChunk.keys()) {
      const code = await readFile(join(outDir, file));
      bytes.set(file, { raw: code.length, gzip: gzipSync(code).length });
    }
    const chunkOf = new Map();
    for (const [file, modules] of modulesByChunk) for (const { id } of modules) chunkOf.set(id, file);
    const chunkHolding = (module) => {
      const file = chunkOf.get(join(web, module));
      if (!file) throw new Error(`No chunk holds ${module}; was it renamed? Update bench/web-bundle.mjs.`);
      return file;
    };

    const initial = closure(manifest, byFile, manifest[ENTRY].file);
    const pageFiles = (modules) =>
      modules.reduce((files, module) => closure(manifest, byFile, chunkHolding(module), files), new Set(initial));
    const all = sizes(modulesByChunk.keys(), bytes);
    const signIn = sizes(pageFiles(pages[0].modules), bytes);

    console.log(`\nRepox bench: web-bundle   (${machine()})`);
    console.log(`vite build in ${fmt(buildMs / 1000, 1)} s: ${modulesByChunk.size} JS chunks\n`);
    console.log(`${"JavaScript loaded".padEnd(40)} ${"raw".padStart(11)} ${"gzip".padStart(11)}`);
    console.log(row(`initial JS of ${ENTRY} (${initial.size} chunks)`, sizes(initial, bytes)));
    for (const file of [...initial].sort((a, b) => bytes.get(b).raw - bytes.get(a).raw)) console.log(row(`  ${file}`, bytes.get(file)));
    for (const page of pages) {
      const files = pageFiles(page.modules);
      console.log(row(page.name, sizes(files, bytes), `   (${files.size} chunks)`));
    }
    console.log(row("whole app, every chunk (baseline)", all, `   (${modulesByChunk.size} chunks)`));
    console.log(`ratio sign-in page / whole app: ${fmt((100 * signIn.gzip) / all.gzip, 1)} % of the gzip bytes\n`);

    const listFiles = pageFiles(pages[1].modules);
    console.log("Loaded on demand, added to the content list:");
    for (const part of onDemand) {
      const added = [...closure(manifest, byFile, chunkHolding(part.module))].filter((file) => !listFiles.has(file));
      console.log(row(`  ${part.name}`, sizes(added, bytes), added.length === 0 ? "   (already loaded: not split off)" : ""));
    }

    const byOwner = new Map();
    for (const file of initial)
      for (const { id, size } of modulesByChunk.get(file)) byOwner.set(owner(id), (byOwner.get(owner(id)) ?? 0) + size);
    const total = [...byOwner.values()].reduce((sum, size) => sum + size, 0);
    console.log("\nLargest parts of the initial JS (rendered size before minification):");
    for (const [name, size] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      console.log(`  ${name.padEnd(38)} ${kb(size).padStart(11)}  ${fmt((100 * size) / total, 1).padStart(5)} %`);
    }
  });
}
