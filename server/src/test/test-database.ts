// A migrated database without the HTTP app, for platform tests: in-memory PGlite, or a throwaway PostgreSQL database
// when DATABASE_URL is set (then `openAnother()` gives a second pool on it, like a second instance would have).
import { randomBytes } from "node:crypto";
import { type Db, openDatabase } from "../platform/db/database.ts";
import { migratedThrowawayPostgres, openMigratedPglite } from "./migrated-template.ts";
import { throwawayPostgres } from "./throwaway-postgres.ts";

export type TestDatabase = {
  db: Db;
  isPostgres: boolean;
  /** Inserts a tenant row and answers its id. */
  newTenantId(): Promise<string>;
  /** Another connection pool on the same PostgreSQL database; on PGlite the same handle. */
  openAnother(): Promise<Db>;
  close(): Promise<void>;
};

/** `migrate` brings the fresh database to the schema the test needs: unless told otherwise, every migration (then the
 * database is a copy of the run's migrated template, see migrated-template.ts). */
export async function createTestDatabase(migrate?: (db: Db) => Promise<void>): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    let db: Db;
    if (migrate) {
      db = (await openDatabase({})).db;
      await migrate(db);
    } else {
      db = await openMigratedPglite();
    }
    return { db, isPostgres: false, newTenantId: () => insertTenant(db), openAnother: async () => db, close: () => db.destroy() };
  }
  const postgres = migrate ? await throwawayPostgres(serverUrl) : await migratedThrowawayPostgres(serverUrl);
  const url = postgres.url;
  const { db } = await openDatabase({ url, poolSize: 4 });
  await migrate?.(db);
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
      await postgres.drop();
    },
  };
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
