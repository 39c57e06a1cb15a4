// A database of its own on the PostgreSQL server of DATABASE_URL, for one test file, dropped when it is done.
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ThrowawayPostgres = { name: string; url: string; drop: () => Promise<void> };

/** `template`: a database to copy (CREATE DATABASE … TEMPLATE), which nobody may be connected to. */
export async function throwawayPostgres(
  serverUrl: string,
  { template, prefix = "repox_test_" }: { template?: string; prefix?: string } = {},
): Promise<ThrowawayPostgres> {
  const name = `${prefix}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${pg.escapeIdentifier(template)}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    name,
    url: target.toString(),
    /** Call once every pool on it is destroyed. */
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // The pools' clients may still be closing; forcing them off now would raise an unhandled error in them.
      await untilUnused(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Waits (up to 5 s) until no session is connected to database `name`: closed pools' backends end a moment later. */
export async function untilUnused(client: pg.Client, name: string): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await client.query("select count(*)::int as open from pg_stat_activity where datname = $1", [name]);
    if (rows[0]?.open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
