// Bundles the server's TypeScript (and the contracts it imports) into dist/; npm packages stay external.
import { readFileSync, rmSync } from "node:fs";
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
