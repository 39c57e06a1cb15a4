// rclone, a real WebDAV client, syncs a folder of 200 files up into the share and back down into another folder:
// every file comes back with the same sha-256.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ADMIN_PASSWORD, createTestApp, type TestApp } from "../../test/test-app.ts";
import { listen, run, setUpDavModel } from "./testing.ts";

const FILES = 200;

let t: TestApp;
let env: Record<string, string>;
const work = mkdtempSync(join(tmpdir(), "repox-rclone-"));

const hashes = (folder: string) =>
  Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [
        name,
        createHash("sha256")
          .update(readFileSync(join(folder, name)))
          .digest("hex"),
      ]),
  );

beforeAll(async () => {
  t = await createTestApp();
  const tenant = await t.newTenant();
  await setUpDavModel(tenant);
  const url = `${await listen(t)}/${tenant.code}/dav/`;
  // Everything rclone needs comes from the environment; an empty config file keeps it from reading the user's.
  writeFileSync(join(work, "rclone.conf"), "");
  const obscured = (await run("rclone", ["obscure", ADMIN_PASSWORD])).output.trim();
  env = {
    RCLONE_CONFIG_REPOX_TYPE: "webdav",
    RCLONE_CONFIG_REPOX_URL: url,
    RCLONE_CONFIG_REPOX_VENDOR: "other",
    RCLONE_CONFIG_REPOX_USER: "admin",
    RCLONE_CONFIG_REPOX_PASS: obscured,
    RCLONE_CONFIG: join(work, "rclone.conf"),
  };
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

it(`syncs ${FILES} files up and back down unchanged`, { timeout: 120_000 }, async () => {
  const up = join(work, "up");
  const down = join(work, "down");
  mkdirSync(up);
  for (let index = 0; index < FILES; index += 1) {
    writeFileSync(join(up, `file ${String(index).padStart(3, "0")} ü.bin`), randomBytes(100 + index * 37));
  }
  const sent = await run("rclone", ["sync", up, "repox:Synced", "--transfers", "4"], env);
  expect(sent.output).not.toMatch(/ERROR/);
  expect(sent.code).toBe(0);
  const listed = await run("rclone", ["lsf", "repox:Synced"], env);
  expect(listed.output.trim().split("\n")).toHaveLength(FILES);
  const received = await run("rclone", ["sync", "repox:Synced", down], env);
  expect(received.output).not.toMatch(/ERROR/);
  expect(received.code).toBe(0);
  expect(hashes(down)).toEqual(hashes(up));
  const again = await run("rclone", ["check", up, "repox:Synced", "--size-only"], env);
  expect(again.code).toBe(0);
});
