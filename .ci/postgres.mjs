// `create`: makes a throwaway database on the local PostgreSQL and prints its name; `drop NAME`: removes it.
import { randomBytes } from "node:crypto";
import pg from "pg";

const [action, name] = process.argv.slice(2);
const client = new pg.Client({ connectionString: "postgres://postgres@127.0.0.1:5432/postgres", connectionTimeoutMillis: 3000 });
await client.connect();
try {
  if (action === "create") {
    const db = `repox_ci_${randomBytes(4).toString("hex")}`;
    await client.query(`create database ${db}`);
    console.log(db);
  } else if (action === "drop" && /^repox_ci_[0-9a-f]+$/.test(name ?? "")) {
    await client.query(`drop database if exists ${name} with (force)`);
  } else {
    throw new Error("usage: postgres.mjs create | drop repox_ci_<hex>");
  }
} finally {
  await client.end();
}
