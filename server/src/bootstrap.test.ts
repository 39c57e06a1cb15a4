import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALL_PERMISSION_CODES } from "@repox/contracts";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { ensureDefaultTenant, prepare } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";
import { inTenant } from "./platform/db/tenant-transaction.ts";
import { createServices } from "./services.ts";
import { createTestDatabase } from "./test/test-database.ts";

const dataDir = mkdtempSync(join(tmpdir(), "repox-bootstrap-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Always the embedded database on disk: this is what `npm start` does twice in a row on a laptop.
const config = loadConfig({ DATA_DIR: dataDir, REPOX_ADMIN_PASSWORD: "Admin-password-1", LOG_LEVEL: "silent" });
const log = pino({ level: "silent" });

// First starts on disk (initdb and every migration): their own time limit, as in cli.test.ts.
describe("start-up", { timeout: 120_000 }, () => {
  it("creates the default tenant on the first start and reuses it, upgraded, on the second", async () => {
    const first = await prepare(config, log);
    expect((await first.services.tenants.list()).map((t) => t.code)).toEqual(["demo"]);
    await first.db.destroy();

    const second = await prepare(config, log);
    try {
      expect((await second.services.tenants.list()).map((t) => t.code)).toEqual(["demo"]);
      const tenant = await second.db.selectFrom("tenants").select("id").where("code", "=", "demo").executeTakeFirstOrThrow();
      const granted = await inTenant(second.db, tenant.id, (trx) =>
        trx.selectFrom("group_permissions").select("permission_code").execute(),
      );
      expect(granted.map((g) => g.permission_code).sort()).toEqual([...ALL_PERMISSION_CODES].sort());
    } finally {
      await second.db.destroy();
    }
  });

  it("removes uploads a crashed run left in DATA_DIR/blobs/tmp", async () => {
    const tmp = join(dataDir, "blobs", "tmp");
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, "crashed-upload.part"), "half a file");
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    utimesSync(join(tmp, "crashed-upload.part"), yesterday, yesterday);
    const { db } = await prepare(config, log);
    await db.destroy();
    expect(existsSync(join(tmp, "crashed-upload.part"))).toBe(false);
  });
});

describe("instances starting together", () => {
  it("create the default tenant once, and neither fails", async () => {
    // On PostgreSQL two pools, as two processes have; on PGlite one database, its transactions one after the other.
    const database = await createTestDatabase();
    try {
      const other = await database.openAnother();
      const starts = [database.db, other].map((db) => ensureDefaultTenant(createServices(db, config, log), config, log));
      await expect(Promise.all(starts)).resolves.toEqual([undefined, undefined]);
      const tenants = await database.db.selectFrom("tenants").select("code").where("code", "=", "demo").execute();
      expect(tenants).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});
