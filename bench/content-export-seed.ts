// Seeds what `npm run bench -- content-export` exports: BENCH_FILES files of random bytes (BENCH_FILE_BYTES each) in
// one container of the default tenant. Types and the container go through the API (in this process); the files go
// through the blob store and straight into the tables, as an upload would leave them: uploading 1 GiB over HTTP
// would take minutes and is not what the benchmark measures. Bundled by bench/content-export.mjs with esbuild.
// Prints one JSON line {"container", "tenantId", "files", "bytes"} on stdout when done.
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import pino from "pino";
import { buildApp } from "../server/src/app.ts";
import { prepare } from "../server/src/bootstrap.ts";
import { loadConfig } from "../server/src/config.ts";
import { recordBlob } from "../server/src/platform/blobs/repository.ts";
import { inTenant } from "../server/src/platform/db/tenant-transaction.ts";
import { uuidv7 } from "../server/src/platform/uuid-v7.ts";

const files = Number(process.env.BENCH_FILES);
const fileBytes = Number(process.env.BENCH_FILE_BYTES);
const batch = 500;
const config = loadConfig();
if (!config.adminPassword || !Number.isInteger(files) || !Number.isInteger(fileBytes)) {
  throw new Error("content-export-seed needs REPOX_ADMIN_PASSWORD, BENCH_FILES and BENCH_FILE_BYTES");
}
const log = pino({ level: "warn" });
const { db, services } = await prepare(config, log);
const app = await buildApp({ config, db, services, logger: log });

const tenantHeader = { "x-tenantid": config.defaultTenant };
const login = await app.inject({
  method: "POST",
  url: "/api/auth/jwt",
  headers: tenantHeader,
  payload: { username: config.adminUsername, password: config.adminPassword },
});
const headers = { ...tenantHeader, authorization: `Bearer ${login.json().jwtToken}` };
async function created(url: string, payload: object): Promise<{ uuid?: string }> {
  const answer = await app.inject({ method: "POST", url, headers, payload });
  if (answer.statusCode !== 201) throw new Error(`POST ${url} answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}
await created("/api/datastream_types", { dataStream: { code: "benchfile", name: "Bench file", layout: "DEFAULT" }, properties: [] });
await created("/api/container_types", {
  container: { code: "benchbox", name: "Bench box", layout: "DEFAULT", allowedAtRoot: true },
  properties: [],
});
const container = (await created("/api/containers", { label: "Export bench", type: "benchbox" })).uuid ?? "";
const tenant = await db.selectFrom("tenants").select("id").where("code", "=", config.defaultTenant).executeTakeFirstOrThrow();
const admin = await inTenant(db, tenant.id, (trx) =>
  trx.selectFrom("users").select("id").where("username", "=", config.adminUsername).executeTakeFirstOrThrow(),
);
const type = await inTenant(db, tenant.id, (trx) =>
  trx.selectFrom("content_types").select("id").where("kind", "=", "datastream").where("code", "=", "benchfile").executeTakeFirstOrThrow(),
);

for (let start = 0; start < files; start += batch) {
  const rows = [];
  for (let index = start; index < Math.min(files, start + batch); index++) {
    const blob = await services.blobs.writeBlob(tenant.id, Readable.from([randomBytes(fileBytes)]), { maxBytes: fileBytes });
    rows.push({ blob, id: uuidv7(), label: `photo-${String(index).padStart(5, "0")}.jpg` });
  }
  await inTenant(db, tenant.id, async (trx) => {
    for (const { blob } of rows) await recordBlob(trx, tenant.id, blob);
    await trx
      .insertInto("datastreams")
      .values(
        rows.map(({ blob, id, label }) => ({
          tenant_id: tenant.id,
          id,
          label,
          type_id: type.id,
          blob_sha256: blob.sha256,
          mime_type: "image/jpeg",
          filesize: blob.size,
          created_by: admin.id,
          modified_by: admin.id,
        })),
      )
      .execute();
    await trx
      .insertInto("datastream_memberships")
      .values(rows.map(({ id }) => ({ tenant_id: tenant.id, container_id: container, datastream_id: id })))
      .execute();
  });
}

await app.close();
await db.destroy();
process.stdout.write(`${JSON.stringify({ container, tenantId: tenant.id, files, bytes: files * fileBytes })}\n`);
