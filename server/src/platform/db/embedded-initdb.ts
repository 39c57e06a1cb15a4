// Child process entry (decision 0011): creates the embedded database in the folder named by its one argument, then
// exits. PGlite's initdb holds 530-670 MiB (a second database instance, initdb's own WebAssembly and a copy of the
// heap) that would otherwise stay in the server as garbage; started with --liftoff-only, V8 does not also recompile
// the SQL parser here. Started by createEmbeddedDatabase (initdb-process.ts).
import { PGlite } from "@electric-sql/pglite";
import { embeddedStartParams } from "./embedded-settings.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("Usage: embedded-initdb <database folder>");
const pglite = await PGlite.create({ dataDir, startParams: embeddedStartParams() });
await pglite.close();
