// The operator commands (cli-commands.ts) run in-process on this file's own database, as cli.js runs them: every
// message and exit code a person sees. cli.test.ts spawns the built CLI once per command to prove the process.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommandLine } from "./cli-commands.ts";
import { createTestApp, type TestApp } from "./test/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `npm run repox -- …args` against the test app's database, which stays open for the next command. */
const repox = (...args: string[]) => runCommandLine(args, async () => ({ db: t.db, services: t.services, close: async () => {} }));

async function signInStatus(tenant: string, username: string, password: string): Promise<number[]> {
  const attempt = (pw: string) =>
    t.app.inject({ method: "POST", url: "/api/auth/jwt", headers: { "x-tenantid": tenant }, payload: { username, password: pw } });
  return [(await attempt(password)).statusCode, (await attempt("Boss-password-1")).statusCode];
}

async function containerTypeCodes(tenant: string, username: string, password: string): Promise<string[]> {
  const headers = { "x-tenantid": tenant };
  const login = await t.app.inject({ method: "POST", url: "/api/auth/jwt", headers, payload: { username, password } });
  const types = await t.app.inject({
    method: "GET",
    url: "/api/container_types",
    headers: { ...headers, authorization: `Bearer ${login.json().jwtToken}` },
  });
  return (types.json().content as { code: string }[]).map((type) => type.code).sort();
}

const acme = ["acme", "--name", "Acme", "--admin-username", "boss", "--admin-password", "Boss-password-1"];

describe("tenant and user commands", () => {
  it("tenant create makes a tenant that tenant list shows", async () => {
    const created = await repox("tenant", "create", ...acme);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain("Created tenant 'acme' (Acme) with administrator 'boss'.");

    const list = await repox("tenant", "list");
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n").filter((line) => line.startsWith("acme\tAcme\t"))).toHaveLength(1);
  });

  it("refuses a bad tenant code, or a taken one, with a clear message and a non-zero exit", async () => {
    const bad = await repox("tenant", "create", "Bad_Code", "--name", "Bad", ...acme.slice(3));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr.trim()).toBe(
      "Cannot create the tenant: code must be 2 to 63 lowercase letters, digits or dashes, starting with a letter or digit",
    );
    const taken = await repox("tenant", "create", "acme", "--name", "Again", ...acme.slice(3));
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
});

describe("seed-demo", () => {
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
});
