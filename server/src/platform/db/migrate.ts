// Applies pending migrations at start. Kysely's PostgreSQL adapter takes an advisory lock, so two
// instances starting at once apply each migration exactly once.
import { Migrator } from "kysely/migration";
import { migrations } from "../../migrations/index.ts";
import type { Db } from "./database.ts";

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ""} failed: ${reason}`);
  }
}
