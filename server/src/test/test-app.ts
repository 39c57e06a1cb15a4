// Test factories: a real app on a fresh database (in-memory PGlite, or a throwaway PostgreSQL database when
// DATABASE_URL is set), with one-line helpers to make tenants, users and authenticated requests.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pino from "pino";
import { buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { openDatabase } from "../platform/db/database.ts";
import { createServices, type ServiceOptions } from "../services.ts";
import { migratedThrowawayPostgres, openMigratedPglite } from "./migrated-template.ts";

export const ADMIN_PASSWORD = "Admin-password-1";

type Method = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

export type Caller = {
  request(method: Method, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
};

export type TestTenant = {
  code: string;
  /** The tenant's database id, for direct queries through `inTenant`. */
  id: string;
  admin: Caller & { token: string; uuid: string };
  /** Requests with the tenant header and no token. */
  anonymous: Caller;
  as(token: string): Caller;
  login(username: string, password: string): Promise<LightMyRequestResponse>;
  /** Creates a user in a new group holding exactly `permissions`, signs in, returns the caller. */
  newUser(options?: {
    permissions?: string[];
    username?: string;
    password?: string;
  }): Promise<Caller & { token: string; uuid: string; username: string }>;
};

export async function createTestApp(env: Record<string, string> = {}, options: ServiceOptions = {}) {
  // A copy of the run's migrated template (migrated-template.ts), not a migration of its own.
  const postgres = process.env.DATABASE_URL ? await migratedThrowawayPostgres(process.env.DATABASE_URL) : undefined;
  // Blobs and other files go to a folder of this test app's own, removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), "repox-test-"));
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    LOG_LEVEL: "silent",
    WEB_DIST: "/nonexistent",
    ...env,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const db = postgres ? (await openDatabase({ url: postgres.url, poolSize: 4 })).db : await openMigratedPglite();
  const log = pino({ level: "silent" });
  const services = createServices(db, config, log, options);
  const app = await buildApp({ config, db, services, logger: log });
  await app.ready();
  const otherInstances: (() => Promise<void>)[] = [];

  function callerOf(target: FastifyInstance, headers: Record<string, string>): Caller {
    return {
      request: (method, url, body, extra = {}) =>
        target.inject({ method, url, headers: { ...headers, ...extra }, ...(body === undefined ? {} : { payload: body as object }) }),
    };
  }
  const caller = (headers: Record<string, string>) => callerOf(app, headers);

  let tenantCount = 0;
  async function newTenant(code = `t${++tenantCount}-${randomBytes(3).toString("hex")}`): Promise<TestTenant> {
    await services.tenants.create({
      code,
      name: `Tenant ${code}`,
      adminUsername: "admin",
      adminPassword: ADMIN_PASSWORD,
      storageQuota: 1024 ** 3,
    });
    const { id } = await db.selectFrom("tenants").select("id").where("code", "=", code).executeTakeFirstOrThrow();
    const anonymous = caller({ "x-tenantid": code });
    const login = (username: string, password: string) => anonymous.request("POST", "/api/auth/jwt", { username, password });
    const as = (token: string) => caller({ "x-tenantid": code, authorization: `Bearer ${token}` });
    const adminLogin = (await login("admin", ADMIN_PASSWORD)).json();
    const admin = { ...as(adminLogin.jwtToken), token: adminLogin.jwtToken as string, uuid: adminLogin.uuid as string };
    let userCount = 0;
    return {
      code,
      id,
      admin,
      anonymous,
      as,
      login,
      async newUser({ permissions = [], username = `user${++userCount}`, password = "User-password-1" } = {}) {
        const user = await admin.request("POST", "/api/users", {
          username,
          email: `${username}@example.org`,
          password,
          firstname: username,
        });
        if (user.statusCode !== 201) throw new Error(`newUser: ${user.body}`);
        const group = await admin.request("POST", "/api/groups", {
          name: `${username} group`,
          iamPermissions: permissions,
          users: [user.json().uuid],
        });
        if (group.statusCode !== 201) throw new Error(`newUser group: ${group.body}`);
        const session = (await login(username, password)).json();
        return { ...as(session.jwtToken), token: session.jwtToken, uuid: session.uuid, username };
      },
    };
  }

  /**
   * Another instance of the server on the same database, as a second process behind a load balancer would be: its own
   * services and in-memory caches, the same configuration (JWT secret). On PGlite it shares the one in-process
   * database; on PostgreSQL it has a pool of its own. Closed with the test app.
   */
  async function secondInstance(instanceOptions: ServiceOptions = {}) {
    const ownDb = postgres ? (await openDatabase({ url: postgres.url, poolSize: 2 })).db : undefined;
    const services = createServices(ownDb ?? db, config, log, instanceOptions);
    const other = await buildApp({ config, db: ownDb ?? db, services, logger: log });
    await other.ready();
    otherInstances.push(async () => {
      await other.close();
      await ownDb?.destroy();
    });
    return {
      app: other,
      /** The same tenant's caller on this instance: `as(token)` with the tenant header and that token. */
      as: (tenant: TestTenant, token: string) => callerOf(other, { "x-tenantid": tenant.code, authorization: `Bearer ${token}` }),
    };
  }

  return {
    app,
    db,
    services,
    config,
    newTenant,
    caller,
    secondInstance,
    async close() {
      for (const closeOther of otherInstances) await closeOther();
      await app.close();
      await db.destroy();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
