import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../migrations/index.ts";
import { throwawayPostgres } from "../../test/throwaway-postgres.ts";
import { type Db, openDatabase } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";

// Two handles on one fresh database: two pools on a throwaway PostgreSQL database when DATABASE_URL is set
// (two instances starting at once), otherwise one in-memory PGlite shared by both (a single process).
let first: Db;
let second: Db;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    first = (await openDatabase({})).db;
    second = first;
    cleanup = () => first.destroy();
    return;
  }
  const postgres = await throwawayPostgres(url);
  first = (await openDatabase({ url: postgres.url, poolSize: 2 })).db;
  second = (await openDatabase({ url: postgres.url, poolSize: 2 })).db;
  cleanup = async () => {
    await first.destroy();
    await second.destroy();
    await postgres.drop();
  };
});
afterAll(() => cleanup());

describe("migrations", () => {
  it("apply every migration exactly once when two instances start at once", async () => {
    await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(first);
    expect(applied.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it("are idempotent: a later start changes nothing", async () => {
    await migrateToLatest(first);
    const tables = await sql<{ count: number }>`select count(*)::int as count from pg_tables where tablename = 'users'`.execute(first);
    expect(tables.rows[0]?.count).toBe(1);
  });

  it("keep every GIN index's pending list short (PGlite runs no vacuum to merge it)", async () => {
    const result = await sql<{ name: string; options: string[] | null }>`
      select i.relname as name, i.reloptions as options from pg_class i
      join pg_am am on am.oid = i.relam
      join pg_namespace n on n.oid = i.relnamespace
      where i.relkind = 'i' and am.amname = 'gin' and n.nspname = 'public'
      order by i.relname`.execute(first);
    expect(result.rows.length).toBeGreaterThanOrEqual(6);
    expect(result.rows.filter((row) => !row.options?.includes("gin_pending_list_limit=256")).map((row) => row.name)).toEqual([]);
  });

  it("leave every tenant table under forced row-level security", async () => {
    const result = await sql<{ relname: string; forced: boolean }>`
      select c.relname, c.relforcerowsecurity as forced from pg_class c
      join information_schema.columns col on col.table_name = c.relname and col.column_name = 'tenant_id'
      where c.relkind = 'r' and col.table_schema = 'public'`.execute(first);
    expect(result.rows.length).toBeGreaterThan(5);
    expect(result.rows.filter((r) => !r.forced).map((r) => r.relname)).toEqual([]);
  });

  it("read the tenant once per statement in every isolation policy, not once per row", async () => {
    const result = await sql<{ table: string; using: string; check: string | null }>`
      select tablename as table, qual as using, with_check as check from pg_policies
      where schemaname = 'public' and policyname = 'tenant_isolation' order by tablename`.execute(first);
    expect(result.rows.length).toBeGreaterThan(20);
    const perRow = result.rows.filter(
      (row) => !row.using.includes("( SELECT app_tenant_id()") || (row.check !== null && !row.check.includes("( SELECT app_tenant_id()")),
    );
    expect(perRow.map((row) => `${row.table}: ${row.using}`)).toEqual([]);
  });
});
