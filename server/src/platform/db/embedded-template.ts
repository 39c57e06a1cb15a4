// Build step (server/build.mjs): makes the empty embedded database once, at build time, and writes PGlite's dump of it
// beside the server (dist/embedded-database.tar.gz). A first start then loads that dump into its empty DATA_DIR/db
// instead of running initdb: 280-320 MiB where PGlite's initdb held 550-600 MiB in a child process, in a second
// rather than several (decision 0013). Usage: node --liftoff-only embedded-template.js <output file>
import { mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { embeddedStartParams } from "./embedded-settings.ts";

const output = process.argv[2];
if (!output) throw new Error("Usage: embedded-template <output file>");
const dataDir = mkdtempSync(join(tmpdir(), "repox-embedded-template-"));
try {
  const pglite = await PGlite.create({ dataDir, startParams: embeddedStartParams() });
  const dump = await pglite.dumpDataDir("gzip");
  await pglite.close();
  // Written whole, then renamed: a build stopped midway leaves no half dump for the next build to reuse.
  writeFileSync(`${output}.part`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${output}.part`, output);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
