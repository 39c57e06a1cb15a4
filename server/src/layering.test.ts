// Guards the layering rule "repositories hold SQL and nothing else" (docs/architecture.md): SQL is built only in
// repository files. Fails naming the file and line of SQL written anywhere else outside the exceptions below.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));

/** Where SQL may be written besides repositories, and why. Paths relative to server/src. */
const SQL_ALLOWED: readonly { path: RegExp; why: string }[] = [
  { path: /(^|\/)(repository|[\w-]+\.repository)\.ts$/, why: "the repository layer" },
  { path: /^platform\/db\//, why: "the database layer repositories stand on: connection, migrations, RLS, tenant transactions" },
  { path: /^migrations\//, why: "schema changes" },
  { path: /^test\//, why: "test databases and their templates" },
  { path: /\.test\.ts$/, why: "tests check what was stored" },
  { path: /(^|\/)testing\.ts$/, why: "test factories seed rows directly; production code never imports them (checked below)" },
];

/** Kysely's query builders, its `sql` template and raw compiled queries. */
const SQL_MARKERS: readonly RegExp[] = [
  /\.(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|withRecursive|executeQuery)\(/,
  /\bsql(`|<|\.\w+\()/,
  /\bCompiledQuery\.raw\(/,
];

/** Imports of the query builder and the database drivers, over several lines too. */
const DRIVER_IMPORT = /^import\s+(type\s+)?(\{[^}]*\}|[^{;]+?)\s+from\s+"(kysely|pg|@electric-sql\/pglite)"/gm;

/** A type-only import (Insertable, Transaction): it names types, it builds no SQL. */
function importsOnlyTypes(typeKeyword: string | undefined, names: string): boolean {
  if (typeKeyword) return true;
  if (!names.startsWith("{")) return false;
  return names
    .slice(1, -1)
    .split(",")
    .every((name) => name.trim() === "" || name.trim().startsWith("type "));
}

/** Lines of `text` that write SQL, as `line: text`. */
function sqlLines(text: string): string[] {
  const lines = text.split("\n");
  const found = new Map<number, string>();
  lines.forEach((line, index) => {
    if (SQL_MARKERS.some((marker) => marker.test(line))) found.set(index, line);
  });
  for (const match of text.matchAll(DRIVER_IMPORT)) {
    if (importsOnlyTypes(match[1], match[2] ?? "")) continue;
    const index = text.slice(0, match.index).split("\n").length - 1;
    found.set(index, lines[index] ?? "");
  }
  return [...found].sort(([a], [b]) => a - b).map(([index, line]) => `${index + 1}: ${line.trim()}`);
}

function sourceFiles(): string[] {
  return readdirSync(SOURCE_ROOT, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.split("\\").join("/"))
    .sort();
}

const isAllowed = (file: string) => SQL_ALLOWED.some((exception) => exception.path.test(file));
const isTestCode = (file: string) => /\.test\.ts$|(^|\/)testing\.ts$|^test\//.test(file);

describe("layering: SQL only in repositories", () => {
  it("finds SQL in the ways it is written, and not in type-only imports", () => {
    expect(sqlLines('const row = await trx\n  .selectFrom("users")\n  .executeTakeFirst();')).toEqual(['2: .selectFrom("users")']);
    expect(sqlLines("await sql`select 1`.execute(trx);")).toHaveLength(1);
    expect(sqlLines("const ref = sql.ref(column);")).toHaveLength(1);
    expect(sqlLines('await db.executeQuery(CompiledQuery.raw("select 1"));')).toHaveLength(1);
    expect(sqlLines('import { type RawBuilder, sql } from "kysely";')).toHaveLength(1);
    expect(sqlLines('import {\n  type Kysely,\n  sql,\n} from "kysely";')).toHaveLength(1);
    expect(sqlLines('import { Kysely } from "kysely";')).toHaveLength(1);
    expect(sqlLines('import type { Insertable } from "kysely";\nimport { type Selectable } from "kysely";')).toEqual([]);
    expect(sqlLines("const sqlText = mysql(config); // the sql of it")).toEqual([]);
  });

  it("no file outside the repositories and the listed exceptions writes SQL", () => {
    const offending = sourceFiles()
      .filter((file) => !isAllowed(file))
      .flatMap((file) => sqlLines(readFileSync(join(SOURCE_ROOT, file), "utf8")).map((line) => `${file}:${line}`));
    expect(offending).toEqual([]);
  });

  it("production code never imports the test factories", () => {
    const importers = sourceFiles()
      .filter((file) => !isTestCode(file))
      .filter((file) => /from "[^"]*\/testing\.ts"/.test(readFileSync(join(SOURCE_ROOT, file), "utf8")));
    expect(importers).toEqual([]);
  });
});
