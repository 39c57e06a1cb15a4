// Migration 0014 on a database that already holds content: the kept counts start as what the folders hold, and the
// triggers it rewrites go on following labels and the trash.
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../platform/db/database.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { uuidv7 } from "../platform/uuid-v7.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { migrations } from "./index.ts";

const ROOT_KEY = "00000000-0000-0000-0000-000000000000";
const SHA = "a".repeat(64);

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase(async (fresh) => {
    const migrator = new Migrator({ db: fresh, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo("0013_blob_crc32");
    if (error) throw error;
  });
  db = database.db;
});
afterAll(() => database.close());

/** Live children and datastreams per folder, from the kept counts. */
async function keptCounts(): Promise<Record<string, [number, number]>> {
  const { rows } = await sql<{ folder_key: string; children: number; datastreams: number }>`select folder_key,
      sum(children)::int as children, sum(datastreams)::int as datastreams
    from folder_counts group by folder_key having sum(children) <> 0 or sum(datastreams) <> 0`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.folder_key, [row.children, row.datastreams]]));
}

describe("migration 0014 on existing content", () => {
  it("counts what each folder holds, leaving the trash out, and keeps following the trash after", async () => {
    const { id: tenant } = await db
      .insertInto("tenants")
      .values({ code: "before-0014", name: "Before 0014", storage_quota: 1024 ** 3 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const { rows: types } = await sql<{ id: number }>`insert into content_types (tenant_id, kind, code, name)
      values (${tenant}, 'container', 'box', 'Box'), (${tenant}, 'datastream', 'file', 'File') returning id`.execute(db);
    const [boxType, fileType] = types.map((row) => row.id);
    const [a, b, c, d] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    for (const [id, deleted] of [
      [a, false],
      [b, false],
      [c, true],
      [d, false],
    ] as const) {
      await sql`insert into containers (tenant_id, id, label, type_id, deleted_at)
        values (${tenant}, ${id}, ${`Box ${id.slice(-4)}`}, ${boxType}, ${deleted ? new Date() : null})`.execute(db);
    }
    for (const [parent, child] of [
      [null, a],
      [a, b],
      [a, c],
      [a, d],
      [null, d],
    ]) {
      await sql`insert into container_edges (tenant_id, parent_id, child_id) values (${tenant}, ${parent}, ${child})`.execute(db);
    }
    await sql`insert into blobs (tenant_id, sha256, size, mime_type) values (${tenant}, ${SHA}, 1, 'text/plain')`.execute(db);
    const [x, y] = [uuidv7(), uuidv7()];
    for (const [id, deleted] of [
      [x, false],
      [y, true],
    ] as const) {
      await sql`insert into datastreams (tenant_id, id, label, type_id, blob_sha256, mime_type, filesize, deleted_at)
        values (${tenant}, ${id}, 'File', ${fileType}, ${SHA}, 'text/plain', 1, ${deleted ? new Date() : null})`.execute(db);
    }
    for (const [container, datastream] of [
      [a, x],
      [b, x],
      [a, y],
    ]) {
      await sql`insert into datastream_memberships (tenant_id, container_id, datastream_id)
        values (${tenant}, ${container}, ${datastream})`.execute(db);
    }

    await migrateToLatest(db);
    expect(await keptCounts()).toEqual({ [ROOT_KEY]: [2, 0], [a ?? ""]: [2, 1], [b ?? ""]: [0, 1] });

    await sql`update containers set deleted_at = null where id = ${c}`.execute(db);
    await sql`update datastreams set deleted_at = null where id = ${y}`.execute(db);
    await sql`update containers set deleted_at = now() where id = ${b}`.execute(db);
    expect(await keptCounts()).toEqual({ [ROOT_KEY]: [2, 0], [a ?? ""]: [2, 2], [b ?? ""]: [0, 1] });
    const { rows } = await sql<{ visible: boolean }>`select child_visible as visible from container_edges
      where child_id = ${c}`.execute(db);
    expect(rows).toEqual([{ visible: true }]);
  });
});
