import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { prepare } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";
import { startServerProcess } from "./test/server-process.ts";

// The built entry points (built once by the global setup), run as an operator runs them: `node server/dist/cli.js …` and `node server/dist/main.js`.
// Always on the embedded database in a fresh DATA_DIR, even when the suite itself runs on PostgreSQL. Each command
// is a process that opens (the first time, creates) the embedded database: seconds each, more on a busy machine. So
// each command runs here once, for what only a process shows (its output and exit code, the data dir it writes and
// locks); every message and refusal of the commands is checked in-process in cli-commands.test.ts.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(join(tmpdir(), "repox-cli-"));

type Run = { code: number | null; stdout: string; stderr: string };

function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return { ...env, DATA_DIR: dataDir, ...extra };
}

function run(script: "cli.js" | "main.js", args: string[], extra: Record<string, string> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(root, "server/dist", script), ...args], { cwd: root, env: childEnv(extra) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

const repox = (...args: string[]) => run("cli.js", args);

/** Opens DATA_DIR in this process (the CLI has exited), as a server starting on it would, and runs `use`. */
async function onDataDir<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const log = pino({ level: "silent" });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
  const { db, services } = await prepare(config, log);
  const app = await buildApp({ config, db, services, logger: log });
  try {
    return await use(app);
  } finally {
    await app.close();
    await db.destroy();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("repox CLI", { timeout: 120_000 }, () => {
  it("tenant create makes a tenant in a new DATA_DIR that tenant list, a process of its own, then shows", async () => {
    const acme = ["acme", "--name", "Acme", "--admin-username", "boss", "--admin-password", "Boss-password-1"];
    const created = await repox("tenant", "create", ...acme);
    expect([created.code, created.stderr]).toEqual([0, ""]);
    expect(created.stdout).toContain("Created tenant 'acme' (Acme) with administrator 'boss'.");
    const list = await repox("tenant", "list");
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n").filter((line) => line.startsWith("acme\tAcme\t"))).toHaveLength(1);
  });

  it("user reset-password and seed-demo write what a server started on DATA_DIR afterwards sees", async () => {
    const reset = await repox("user", "reset-password", "--tenant", "acme", "--username", "boss", "--password", "New-password-1");
    expect(reset.stderr).toBe("");
    expect(reset.code).toBe(0);
    expect(reset.stdout.trim()).toBe("Password of 'boss' in tenant 'acme' changed.");

    const seeded = await repox("seed-demo", "acme");
    expect(seeded.stderr).toBe("");
    expect(seeded.code).toBe(0);
    expect(seeded.stdout.trim()).toBe(
      "Demo content model seeded into tenant 'acme': 37 created, 0 already there, 0 kept as the tenant has them.",
    );

    const headers = { "x-tenantid": "acme" };
    const [signIns, types] = await onDataDir(async (app) => {
      const attempt = (password: string) =>
        app.inject({ method: "POST", url: "/api/auth/jwt", headers, payload: { username: "boss", password } });
      const login = await attempt("New-password-1");
      const old = await attempt("Boss-password-1");
      const answer = await app.inject({
        method: "GET",
        url: "/api/container_types",
        headers: { ...headers, authorization: `Bearer ${login.json().jwtToken}` },
      });
      return [[login.statusCode, old.statusCode], (answer.json().content as { code: string }[]).map((type) => type.code).sort()];
    });
    expect(signIns).toEqual([200, 401]);
    expect(types).toEqual(["collection", "folder", "record"]);
  });

  it("prints the usage and exits non-zero for an unknown command", async () => {
    const answer = await repox("tenant", "destroy");
    expect(answer.code).not.toBe(0);
    expect(answer.stderr).toContain("Usage: npm run repox -- <command>");
  });

  it("refuses to open DATA_DIR while a running server holds it, whatever the command", async () => {
    const holder: ChildProcess = spawn("sleep", ["30"]);
    try {
      writeFileSync(join(dataDir, "server.pid"), String(holder.pid));
      const [list, seed] = await Promise.all([repox("tenant", "list"), repox("seed-demo", "acme")]);
      for (const answer of [list, seed]) {
        expect(answer.code).not.toBe(0);
        expect(answer.stderr).toContain("in use by a running Repox server");
        expect(answer.stdout).toBe("");
      }
      expect(list.stderr).toContain(`pid ${holder.pid}`);
    } finally {
      holder.kill();
      rmSync(join(dataDir, "server.pid"), { force: true });
    }
    expect((await repox("tenant", "list")).code).toBe(0);
  });
});

describe("server start", { timeout: 120_000 }, () => {
  it("an embedded server restarts itself in place with its memory settings (decisions 0013, 0014)", async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, REPOX_SEED_DEMO: "false" });
    try {
      // The same process (pid), now with the young generation capped and, on glibc, malloc's thresholds fixed.
      const commandLine = readFileSync(`/proc/${server.child.pid}/cmdline`, "utf8").split("\0");
      expect(commandLine).toContain("--max-semi-space-size=16");
      expect(readFileSync(`/proc/${server.child.pid}/environ`, "utf8")).toContain("GLIBC_TUNABLES=glibc.malloc.mmap_threshold=131072");
    } finally {
      await server.stop();
    }
  });

  it("an idle server has not imported the libraries loaded on first use, and imports xmlbuilder2 at a WebDAV request", async () => {
    const moduleLog = join(dataDir, "modules.log");
    const hook = join(root, "server/src/test/module-log.mjs");
    const server = await startServerProcess({ DATA_DIR: dataDir, NODE_OPTIONS: `--import ${hook}`, REPOX_TEST_MODULE_LOG: moduleLog });
    try {
      const imported = (name: string) => readFileSync(moduleLog, "utf8").includes(`/node_modules/${name}/`);
      expect(imported("fastify")).toBe(true);
      for (const name of ["sharp", "exceljs", "xmlbuilder2", "nodemailer", "@aws-sdk/client-s3", "pg", "playwright-core"]) {
        expect({ name, imported: imported(name) }).toEqual({ name, imported: false });
      }
      const propfind = await fetch(`${server.url}/demo/dav/`, { method: "PROPFIND", headers: { depth: "0" } });
      expect(propfind.status).toBe(401);
      expect(imported("xmlbuilder2")).toBe(true);
    } finally {
      await server.stop();
    }
  });

  it("exits non-zero with one line naming PORT when PORT is not a number", async () => {
    const answer = await run("main.js", [], { PORT: "abc" });
    expect(answer.code).not.toBe(0);
    const lines = answer.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
