// The first start's empty database: the dump the build made (decision 0013), or initdb in a child process (decision
// 0011) where there is none; the server then opens the folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./database.ts";
import { createEmbeddedDatabase, holdsDatabase } from "./initdb-process.ts";

const root = mkdtempSync(join(tmpdir(), "repox-initdb-"));
/** Made by `npm run build -w server`, which the tests' global setup runs. */
const builtDump = resolve(dirname(fileURLToPath(import.meta.url)), "../../../dist/embedded-database.tar.gz");
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A first open of `dataDir` (from `loadDataDir` when given) makes a database with the embedded settings; a second
 * open finds the row the first wrote. */
async function expectOpensAndKeepsRows(dataDir: string, loadDataDir?: Blob): Promise<void> {
  const first = await openDatabase({ dataDir, loadDataDir });
  try {
    expect(holdsDatabase(join(dataDir, "db"))).toBe(true);
    await sql`create table kept (id int primary key)`.execute(first.db);
    await sql`insert into kept values (7)`.execute(first.db);
    const shared = await sql<{ shared_buffers: string }>`show shared_buffers`.execute(first.db);
    expect(shared.rows[0]?.shared_buffers).toBe("16MB");
  } finally {
    await first.db.destroy();
  }
  const second = await openDatabase({ dataDir });
  try {
    const kept = await sql<{ id: number }>`select id from kept`.execute(second.db);
    expect(kept.rows).toEqual([{ id: 7 }]);
  } finally {
    await second.db.destroy();
  }
}

describe("createEmbeddedDatabase", { timeout: 120_000 }, () => {
  it("creates a database in an empty folder from a child process", async () => {
    const dir = join(root, "alone");
    expect(holdsDatabase(dir)).toBe(false);
    await createEmbeddedDatabase(dir);
    expect(holdsDatabase(dir)).toBe(true);
  });

  it("is what openDatabase runs on an empty data dir; the database opens with the embedded settings and keeps its rows", async () => {
    await expectOpensAndKeepsRows(join(root, "server"));
  });

  it("fails with a message naming the folder when initdb cannot create it", async () => {
    const notAFolder = join(root, "a-file");
    writeFileSync(notAFolder, "not a folder");
    await expect(createEmbeddedDatabase(join(notAFolder, "db"))).rejects.toThrow(/Could not create the embedded database in .*a-file/);
  });
});

describe("the build's empty database", { timeout: 120_000 }, () => {
  it("loads into an empty data dir as a database with the embedded settings that keeps its rows", async () => {
    await expectOpensAndKeepsRows(join(root, "from-the-build"), new Blob([readFileSync(builtDump)], { type: "application/x-gzip" }));
  });
});
