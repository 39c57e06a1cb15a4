import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "./app.ts";
import { prepare } from "./bootstrap.ts";
import { loadConfig } from "./config.ts";

// The built entry points (built once by the global setup), run as an operator runs them: `node server/dist/cli.js …` and `node server/dist/main.js`.
// Always on the embedded database in a fresh DATA_DIR, even when the suite itself runs on PostgreSQL.
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

/** Opens DATA_DIR in this process (the CLI has exited) and tries a sign-in over HTTP. */
async function signInStatus(tenant: string, username: string, password: string): Promise<number[]> {
  const log = pino({ level: "silent" });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
  const { db, services } = await prepare(config, log);
  const app = await buildApp({ config, db, services, logger: log });
  try {
    const attempt = (pw: string) =>
      app.inject({ method: "POST", url: "/api/auth/jwt", headers: { "x-tenantid": tenant }, payload: { username, password: pw } });
    return [(await attempt(password)).statusCode, (await attempt("Boss-password-1")).statusCode];
  } finally {
    await app.close();
    await db.destroy();
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each command is a process that opens (the first time, creates) the embedded database: seconds each, more on a busy machine.
describe("repox CLI", { timeout: 120_000 }, () => {
  it("tenant create makes a tenant that tenant list shows", async () => {
    const created = await repox(
      "tenant",
      "create",
      "acme",
      "--name",
      "Acme",
      "--admin-username",
      "boss",
      "--admin-password",
      "Boss-password-1",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created tenant 'acme' (Acme) with administrator 'boss'.");

    const list = await repox("tenant", "list");
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n").filter((line) => line.startsWith("acme\tAcme\t"))).toHaveLength(1);
  });

  it("refuses a bad tenant code, or a taken one, with a clear message and a non-zero exit", async () => {
    const bad = await repox(
      "tenant",
      "create",
      "Bad_Code",
      "--name",
      "Bad",
      "--admin-username",
      "boss",
      "--admin-password",
      "Boss-password-1",
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe(
      "Cannot create the tenant: code must be 2 to 63 lowercase letters, digits or dashes, starting with a letter or digit",
    );
    const taken = await repox(
      "tenant",
      "create",
      "acme",
      "--name",
      "Again",
      "--admin-username",
      "boss",
      "--admin-password",
      "Boss-password-1",
    );
    expect(taken.code).not.toBe(0);
    expect(taken.stderr.trim()).toBe("A tenant with code 'acme' already exists");
    expect((await repox("tenant", "list")).stdout).not.toMatch(/Bad_Code|Again/);
  });

  it("user reset-password sets a password the user then signs in with; the old one stops working", async () => {
    const reset = await repox("user", "reset-password", "--tenant", "acme", "--username", "boss", "--password", "New-password-1");
    expect(reset.stderr).toBe("");
    expect(reset.code).toBe(0);
    expect(reset.stdout.trim()).toBe("Password of 'boss' in tenant 'acme' changed.");
    expect(await signInStatus("acme", "boss", "New-password-1")).toEqual([200, 401]);
  });

  it("user reset-password refuses an unknown user, an unknown tenant and a short password", async () => {
    const cases: [string[], string][] = [
      [["--tenant", "acme", "--username", "nobody", "--password", "New-password-1"], "No user 'nobody' in tenant 'acme'"],
      [["--tenant", "nowhere", "--username", "boss", "--password", "New-password-1"], "Unknown tenant 'nowhere'"],
      [["--tenant", "acme", "--username", "boss", "--password", "short"], "--password must be at least 8 characters"],
    ];
    for (const [args, message] of cases) {
      const answer = await repox("user", "reset-password", ...args);
      expect(answer.code).not.toBe(0);
      expect(answer.stderr.trim()).toBe(message);
    }
  });

  it("prints the usage and exits non-zero for an unknown command or option", async () => {
    for (const args of [
      ["tenant", "destroy"],
      ["tenant", "list", "--bogus"],
    ]) {
      const answer = await repox(...args);
      expect(answer.code).not.toBe(0);
      expect(answer.stderr).toContain("Usage: npm run repox -- <command>");
    }
  });

  it("refuses to open DATA_DIR while a running server holds it", async () => {
    const holder: ChildProcess = spawn("sleep", ["30"]);
    try {
      writeFileSync(join(dataDir, "server.pid"), String(holder.pid));
      const answer = await repox("tenant", "list");
      expect(answer.code).not.toBe(0);
      expect(answer.stderr).toContain("in use by a running Repox server");
      expect(answer.stderr).toContain(`pid ${holder.pid}`);
      expect(answer.stdout).toBe("");
    } finally {
      holder.kill();
      rmSync(join(dataDir, "server.pid"), { force: true });
    }
    expect((await repox("tenant", "list")).code).toBe(0);
  });
});

/** Opens DATA_DIR in this process (the CLI has exited), signs in and answers the codes of the container types. */
async function containerTypeCodes(tenant: string, username: string, password: string): Promise<string[]> {
  const log = pino({ level: "silent" });
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" });
  const { db, services } = await prepare(config, log);
  const app = await buildApp({ config, db, services, logger: log });
  try {
    const headers = { "x-tenantid": tenant };
    const login = await app.inject({ method: "POST", url: "/api/auth/jwt", headers, payload: { username, password } });
    const types = await app.inject({
      method: "GET",
      url: "/api/container_types",
      headers: { ...headers, authorization: `Bearer ${login.json().jwtToken}` },
    });
    return (types.json().content as { code: string }[]).map((type) => type.code).sort();
  } finally {
    await app.close();
    await db.destroy();
  }
}

describe("repox seed-demo", { timeout: 120_000 }, () => {
  it("adds the demo content model and tags to a tenant; run again, it skips everything and says so", async () => {
    const museum = ["museum", "--name", "Museum", "--admin-username", "curator", "--admin-password", "Curator-password-1"];
    expect((await repox("tenant", "create", ...museum)).code).toBe(0);

    const first = await repox("seed-demo", "museum");
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    expect(first.stdout.trim()).toBe(
      "Demo content model seeded into tenant 'museum': 37 created, 0 already there, 0 kept as the tenant has them.",
    );
    expect(await containerTypeCodes("museum", "curator", "Curator-password-1")).toEqual(["collection", "folder", "record"]);

    const again = await repox("seed-demo", "museum");
    expect(again.code).toBe(0);
    const lines = again.stdout.trim().split("\n");
    expect(lines[0]).toBe("Demo content model seeded into tenant 'museum': 0 created, 37 already there, 0 kept as the tenant has them.");
    expect(lines[1]).toMatch(/^Skipped, already there: namespace 'dc'; qualifier 'lang'; property groups 'Identification', /);
    expect(lines[1]).toContain("container types 'collection', 'record', 'folder'; tags 'To review', 'Featured', 'Restricted'.");
  });

  it("refuses an unknown tenant and a missing tenant code with a clear message and a non-zero exit", async () => {
    const unknown = await repox("seed-demo", "nowhere");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim()).toBe("Unknown tenant 'nowhere'");
    const missing = await repox("seed-demo");
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("seed-demo needs one tenant code");
    expect(missing.stderr).toContain("seed-demo <tenant>");
  });

  it("refuses to open DATA_DIR while a running server holds it", async () => {
    const holder: ChildProcess = spawn("sleep", ["30"]);
    try {
      writeFileSync(join(dataDir, "server.pid"), String(holder.pid));
      const answer = await repox("seed-demo", "museum");
      expect(answer.code).not.toBe(0);
      expect(answer.stderr).toContain("in use by a running Repox server");
      expect(answer.stdout).toBe("");
    } finally {
      holder.kill();
      rmSync(join(dataDir, "server.pid"), { force: true });
    }
  });
});

describe("server start", { timeout: 120_000 }, () => {
  it("exits non-zero with one line naming PORT when PORT is not a number", async () => {
    const answer = await run("main.js", [], { PORT: "abc" });
    expect(answer.code).not.toBe(0);
    const lines = answer.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
