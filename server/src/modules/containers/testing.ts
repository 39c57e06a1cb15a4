// Test helpers for the containers API: content-model set-up and containers made through HTTP (failing loudly), and
// datastreams written straight into the tables until the datastreams area can upload them.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import { inTenant, type Trx } from "../../platform/db/tenant-transaction.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import type { Caller, TestApp, TestTenant } from "../../test/test-app.ts";
import { containerTypeBody, created, datastreamTypeBody, propertyBody } from "../content-model/testing.ts";

export { containerTypeBody, created, datastreamTypeBody, propertyBody };

export type ContainerAnswer = {
  uuid: string;
  id: string;
  label: string;
  type: { code: string; name: string; layout: string };
  color: string | null;
  starred: boolean;
  published: boolean;
  datastreamCount: number;
  childCount: number;
  createdBy: { uuid: string; firstname: string; lastname: string; email: string } | null;
  createdAt: string;
  modifiedAt: string;
  atRoot: boolean;
  paths: { nodes: { uuid: string; label: string }[] }[];
  parents: { uuid: string; label: string }[];
  properties: { key: string; value: string | null; instance: number; mandatory: boolean; editable: boolean }[];
  children: { uuid: string; label: string }[];
  datastreams: { uuid: string; label: string }[];
  siblings: { uuid: string; label: string }[];
};

/** A property value as the API takes it. */
export const propertyValue = (values: unknown, qualifiers: unknown[] = []) => JSON.stringify({ values, qualifiers });

/** A container type offered at the top level, accepting everything unless told otherwise. */
export async function newContainerType(
  caller: Caller,
  code: string,
  fields: Record<string, unknown> = {},
  properties: Record<string, unknown>[] = [],
): Promise<void> {
  await created(caller, "/api/container_types", containerTypeBody(code, fields, properties));
}

export async function newContainer(
  caller: Caller,
  body: { label: string; type: string; properties?: unknown[] },
  to?: string,
): Promise<ContainerAnswer> {
  return created<ContainerAnswer>(caller, `/api/containers${to ? `?to=${to}` : ""}`, body);
}

export async function getContainer(caller: Caller, uuid: string): Promise<ContainerAnswer> {
  const answer = await caller.request("GET", `/api/containers/${uuid}`);
  if (answer.statusCode !== 200) throw new Error(`GET container answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

function typeOf(trx: Trx, kind: "container" | "datastream", code: string) {
  return trx.selectFrom("content_types").select("id").where("kind", "=", kind).where("code", "=", code).executeTakeFirstOrThrow();
}

/**
 * A datastream of `typeCode` holding `content` in each of `containerIds`, written straight into the tables (the blob
 * row too, without bytes in the store): enough for lists and reports. Answers its uuid.
 */
export async function insertDatastream(
  t: TestApp,
  tenant: TestTenant,
  options: { containerIds: string[]; typeCode: string; label: string; content?: Buffer },
): Promise<string> {
  const content = options.content ?? randomBytes(100);
  const sha256 = createHash("sha256").update(content).digest("hex");
  const id = uuidv7();
  await inTenant(t.db, tenant.id, async (trx) => {
    const type = await typeOf(trx, "datastream", options.typeCode);
    await trx
      .insertInto("blobs")
      .values({ tenant_id: tenant.id, sha256, size: content.length, mime_type: "application/octet-stream" })
      .onConflict((conflict) => conflict.columns(["tenant_id", "sha256"]).doNothing())
      .execute();
    await trx
      .insertInto("datastreams")
      .values({
        tenant_id: tenant.id,
        id,
        label: options.label,
        type_id: type.id,
        blob_sha256: sha256,
        mime_type: "application/octet-stream",
        filesize: content.length,
        created_by: tenant.admin.uuid,
        modified_by: tenant.admin.uuid,
      })
      .execute();
    await trx
      .insertInto("datastream_memberships")
      .values(options.containerIds.map((containerId) => ({ tenant_id: tenant.id, container_id: containerId, datastream_id: id })))
      .execute();
  });
  return id;
}

/**
 * Datastreams of `typeCode` in `containerId`, one a file, written straight into the tables in three statements that
 * take the columns as arrays (for tests that need many and are not about uploading them). The bytes are the caller's
 * to store. Answers their uuids in the order of `files`.
 */
export async function insertDatastreams(
  t: TestApp,
  tenant: TestTenant,
  options: { containerId: string; typeCode: string; files: readonly { label: string; content: Buffer }[] },
): Promise<string[]> {
  const ids = options.files.map(() => uuidv7());
  const hashes = options.files.map((file) => createHash("sha256").update(file.content).digest("hex"));
  const sizes = options.files.map((file) => file.content.length);
  const labels = options.files.map((file) => file.label);
  await inTenant(t.db, tenant.id, async (trx) => {
    const type = await typeOf(trx, "datastream", options.typeCode);
    await sql`insert into blobs (tenant_id, sha256, size, mime_type)
      select ${tenant.id}::uuid, u.sha256, u.size, 'application/octet-stream'
      from unnest(${sql.val(hashes)}::text[], ${sql.val(sizes)}::bigint[]) as u(sha256, size)
      on conflict (tenant_id, sha256) do nothing`.execute(trx);
    await sql`insert into datastreams (tenant_id, id, label, type_id, blob_sha256, mime_type, filesize, created_by, modified_by)
      select ${tenant.id}::uuid, u.id, u.label, ${type.id}, u.sha256, 'application/octet-stream', u.size,
        ${tenant.admin.uuid}::uuid, ${tenant.admin.uuid}::uuid
      from unnest(${sql.val(ids)}::uuid[], ${sql.val(labels)}::text[], ${sql.val(hashes)}::text[], ${sql.val(sizes)}::bigint[])
        with ordinality as u(id, label, sha256, size, n)
      order by u.n`.execute(trx);
    await sql`insert into datastream_memberships (tenant_id, container_id, datastream_id)
      select ${tenant.id}::uuid, ${options.containerId}::uuid, u.id from unnest(${sql.val(ids)}::uuid[]) as u(id)`.execute(trx);
  });
  return ids;
}

/**
 * Containers of `typeCode` labelled `labels` in `parentId`, written straight into the tables in two statements that
 * take the ids and labels as two arrays (for tests that need many and are not about creating them; a statement of
 * one row of parameters each would pass PGlite's 32 767 parameters, and binding them costs more than the rows).
 * Answers their uuids in the order of `labels`.
 */
export async function insertContainers(
  t: TestApp,
  tenant: TestTenant,
  options: { parentId: string; typeCode: string; labels: readonly string[]; published?: boolean },
): Promise<string[]> {
  const ids = options.labels.map(() => uuidv7());
  await inTenant(t.db, tenant.id, async (trx) => {
    const type = await typeOf(trx, "container", options.typeCode);
    await sql`insert into containers (tenant_id, id, label, type_id, published, created_by, modified_by)
      select ${tenant.id}::uuid, u.id, u.label, ${type.id}, ${options.published ?? false}, ${tenant.admin.uuid}::uuid,
        ${tenant.admin.uuid}::uuid
      from unnest(${sql.val(ids)}::uuid[], ${sql.val(options.labels)}::text[]) with ordinality as u(id, label, n)
      order by u.n`.execute(trx);
    await sql`insert into container_edges (tenant_id, parent_id, child_id)
      select ${tenant.id}::uuid, ${options.parentId}::uuid, u.id from unnest(${sql.val(ids)}::uuid[]) as u(id)`.execute(trx);
  });
  return ids;
}

/**
 * A small library model:
 * - shelf (top level; accepts book): title (mandatory)
 * - book (not at top level; accepts chapter): title (mandatory), year, keywords (repeatable), subject (vocabulary
 *   "Subjects" with terms hist and geo), related (reference to boxes), format (enum print|digital), place
 *   (spatial-map), isbn (not editable)
 * - chapter (not at top level), box (top level, accepts every type)
 * - datastream type file
 * Property display names are "Label of {key}".
 */
export async function setUpLibraryModel(caller: Caller): Promise<{ vocabularyId: string }> {
  const vocabulary = await created<{ uuid: string }>(caller, "/api/vocabularies", { name: "Subjects" });
  for (const [termId, label] of [
    ["hist", "History"],
    ["geo", "Geography"],
  ]) {
    await created(caller, `/api/vocabularies/${vocabulary.uuid}/terms`, { termId, label });
  }
  await created(caller, "/api/properties", propertyBody("title"));
  await created(caller, "/api/properties", propertyBody("year", { propertyType: "number" }));
  await created(caller, "/api/properties", propertyBody("keywords"));
  await created(
    caller,
    "/api/properties",
    propertyBody("subject", { propertyType: "vocabulary-flat", propertyDetails: JSON.stringify({ vocabularyId: vocabulary.uuid }) }),
  );
  await created(
    caller,
    "/api/properties",
    propertyBody("format", { propertyType: "enum", propertyDetails: '{"values":["print","digital"]}' }),
  );
  await created(caller, "/api/properties", propertyBody("place", { propertyType: "spatial-map" }));
  await created(caller, "/api/properties", propertyBody("isbn"));
  await created(caller, "/api/datastream_types", datastreamTypeBody("file"));
  await newContainerType(caller, "chapter", { allowedAtRoot: false });
  await newContainerType(caller, "box");
  await created(
    caller,
    "/api/properties",
    propertyBody("related", { propertyType: "reference", propertyDetails: '{"containerTypes":["box"]}' }),
  );
  await newContainerType(caller, "book", { allowedAtRoot: false, containerAcceptance: "chapter" }, [
    { propertyKey: "title", mandatory: true, position: 1 },
    { propertyKey: "year", position: 2 },
    { propertyKey: "keywords", repeatable: true, position: 3 },
    { propertyKey: "subject", position: 4 },
    { propertyKey: "related", position: 5 },
    { propertyKey: "format", position: 6 },
    { propertyKey: "place", position: 7 },
    { propertyKey: "isbn", editable: false, position: 8 },
  ]);
  await newContainerType(caller, "shelf", { containerAcceptance: "book" }, [{ propertyKey: "title", mandatory: true }]);
  return { vocabularyId: vocabulary.uuid };
}
