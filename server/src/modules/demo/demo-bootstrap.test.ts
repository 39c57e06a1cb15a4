import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.ts";
import { prepare } from "../../bootstrap.ts";
import { loadConfig } from "../../config.ts";

// Always the embedded database on disk: what `npm start` does on a laptop, once and then again.
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const log = pino({ level: "silent" });
const PASSWORD = "Admin-password-1";

function configFor(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "repox-demo-start-"));
  dataDirs.push(dataDir);
  return loadConfig({ DATA_DIR: dataDir, REPOX_ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...env });
}

type Admin = (method: "GET" | "PUT" | "DELETE", url: string, body?: object) => Promise<{ status: number; body: Record<string, unknown> }>;

/** Starts as `npm start` does, signs the default tenant's administrator in, runs `work` over HTTP, then stops. */
async function whileRunning(config: ReturnType<typeof configFor>, work: (admin: Admin) => Promise<void>): Promise<void> {
  const { db, services } = await prepare(config, log);
  const app = await buildApp({ config, db, services, logger: log });
  try {
    const headers = { "x-tenantid": config.defaultTenant };
    const login = await app.inject({ method: "POST", url: "/api/auth/jwt", headers, payload: { username: "admin", password: PASSWORD } });
    const authorised = { ...headers, authorization: `Bearer ${login.json().jwtToken}` };
    await work(async (method, url, body) => {
      const answer = await app.inject({ method, url, headers: authorised, ...(body ? { payload: body } : {}) });
      return { status: answer.statusCode, body: answer.body ? answer.json() : {} };
    });
  } finally {
    await app.close();
    await db.destroy();
  }
}

const codes = (body: Record<string, unknown>) => (body.content as { code: string }[]).map((type) => type.code).sort();

// Each test is a real first start: initdb and every migration on disk (about 10 s on an idle machine; over 30 s when
// the two cores are shared with other work), hence its own time limit.
describe("the demo content model at start-up", { timeout: 120_000 }, () => {
  it("is seeded into the default tenant on the first start, and a demo type deleted later does not come back", async () => {
    const config = configFor();
    await whileRunning(config, async (admin) => {
      expect(codes((await admin("GET", "/api/container_types")).body)).toEqual(["collection", "folder", "record"]);
      expect(codes((await admin("GET", "/api/datastream_types")).body)).toEqual(["document", "image", "video"]);
      expect((await admin("GET", "/api/tags")).body.totalElements).toBe(3);

      // Collection goes: first the reference property stops naming it, then the type is deleted.
      const related = (await admin("GET", "/api/properties/related_record")).body;
      const narrowed = await admin("PUT", "/api/properties/related_record", {
        ...related,
        propertyDetails: '{"containerTypes":["record"]}',
      });
      expect(narrowed.status).toBe(200);
      expect((await admin("DELETE", "/api/container_types/collection")).status).toBe(204);
    });

    await whileRunning(config, async (admin) => {
      expect(codes((await admin("GET", "/api/container_types")).body)).toEqual(["folder", "record"]);
      expect((await admin("GET", "/api/container_types/collection")).status).toBe(404);
      const related = (await admin("GET", "/api/properties/related_record")).body;
      expect(JSON.parse(related.propertyDetails as string)).toEqual({ containerTypes: ["record"] });
    });
  });

  it("is not seeded when REPOX_SEED_DEMO is false", async () => {
    await whileRunning(configFor({ REPOX_SEED_DEMO: "false" }), async (admin) => {
      expect((await admin("GET", "/api/container_types")).body.totalElements).toBe(0);
      expect((await admin("GET", "/api/properties")).body.totalElements).toBe(0);
      expect((await admin("GET", "/api/tags")).body.totalElements).toBe(0);
    });
  });
});
