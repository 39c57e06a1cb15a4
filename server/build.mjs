// Bundles the server's TypeScript (and the contracts it imports) into dist/; npm packages stay external.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const root = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
// Contracts' packages too: bundled CommonJS (sanitize-html) would call require() on Node built-ins, which ESM output cannot.
const contracts = JSON.parse(readFileSync(new URL("../contracts/package.json", import.meta.url), "utf8"));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...root.devDependencies, ...contracts.dependencies });

// Code splitting names chunks by content hash: clear the old ones so dist/ holds only this build.
rmSync(new URL("./dist", import.meta.url), { recursive: true, force: true });

await build({
  // Worker threads run from files of their own, beside the chunks (platform/workers/thread-pool.ts: workerFile).
  entryPoints: [
    "src/main.ts",
    "src/cli.ts",
    { in: "src/platform/blobs/hash-worker.ts", out: "hash-worker" },
    { in: "src/platform/blobs/read-worker.ts", out: "read-worker" },
    // The first start's initdb runs in a child process from its own file (platform/db/initdb-process.ts).
    { in: "src/platform/db/embedded-initdb.ts", out: "embedded-initdb" },
    { in: "src/platform/db/embedded-template.ts", out: "embedded-template" },
  ],
  absWorkingDir: new URL(".", import.meta.url).pathname,
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  splitting: true,
  external: [...external, "zod"],
  logLevel: "warning",
});

// The empty embedded database, made here so that a first start loads it instead of running initdb (decision 0013).
// Kept between builds (`npm start` builds every time) for as long as PGlite and the embedded settings are the same.
const madeFrom = [
  import.meta.resolve("@electric-sql/pglite"),
  "src/platform/db/embedded-settings.ts",
  "src/platform/db/embedded-template.ts",
];
const key = createHash("sha256");
for (const file of madeFrom) key.update(readFileSync(new URL(file, import.meta.url)));
const kept = new URL(`./.cache/embedded-database-${key.digest("hex").slice(0, 16)}.tar.gz`, import.meta.url);
if (!existsSync(kept)) {
  const cache = new URL("./.cache/", import.meta.url);
  mkdirSync(cache, { recursive: true });
  for (const old of readdirSync(cache)) if (old.startsWith("embedded-database-")) rmSync(new URL(old, cache));
  execFileSync(process.execPath, ["--liftoff-only", "dist/embedded-template.js", fileURLToPath(kept)], {
    cwd: new URL(".", import.meta.url).pathname,
    stdio: "inherit",
  });
}
copyFileSync(kept, new URL("./dist/embedded-database.tar.gz", import.meta.url));
