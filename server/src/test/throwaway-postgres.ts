// A database of its own on the PostgreSQL server of DATABASE_URL, for one test file, dropped when it is done.
import { randomBytes } from "node:crypto";
import pg from "pg";

export type ThrowawayPostgres = { url: string; drop: () => Promise<void> };

export async function throwawayPostgres(serverUrl: string): Promise<ThrowawayPostgres> {
  const name = `repox_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    /** Call once every pool on it is destroyed. */
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // The pools' clients may still be closing; forcing them off now would raise an unhandled error in them.
      for (let tries = 0; tries < 100; tries++) {
        const { rows } = await client.query("select count(*)::int as open from pg_stat_activity where datname = $1", [name]);
        if (rows[0]?.open === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
