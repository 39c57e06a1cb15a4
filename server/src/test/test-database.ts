// A migrated database without the HTTP app, for platform tests: in-memory PGlite, or a throwaway PostgreSQL database
// when DATABASE_URL is set (then `openAnother()` gives a second pool on it, like a second instance would have).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Db, openDatabase } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";

export type TestDatabase = {
  db: Db;
  isPostgres: boolean;
  /** Inserts a tenant row and answers its id. */
  newTenantId(): Promise<string>;
  /** Another connection pool on the same PostgreSQL database; on PGlite the same handle. */
  openAnother(): Promise<Db>;
  close(): Promise<void>;
};

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const { db } = await openDatabase({});
    await migrateToLatest(db);
    return { db, isPostgres: false, newTenantId: () => insertTenant(db), openAnother: async () => db, close: () => db.destroy() };
  }
  const name = `repox_test_${randomBytes(6).toString("hex")}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const { db } = await openDatabase({ url, poolSize: 4 });
  await migrateToLatest(db);
  const others: Db[] = [];
  return {
    db,
    isPostgres: true,
    newTenantId: () => insertTenant(db),
    async openAnother() {
      const other = (await openDatabase({ url, poolSize: 4 })).db;
      others.push(other);
      return other;
    },
    async close() {
      await Promise.all([db, ...others].map((handle) => handle.destroy()));
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runOnServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let tenantCount = 0;

async function insertTenant(db: Db): Promise<string> {
  const code = `t${++tenantCount}-${randomBytes(3).toString("hex")}`;
  const row = await db
    .insertInto("tenants")
    .values({ code, name: `Tenant ${code}`, storage_quota: 1024 ** 3 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
