// Test helpers for the datastreams API: a small content model, multipart bodies built the way browsers send them
// (FormData), uploads through HTTP that fail loudly, tenants with a small quota, and looks into the data dir.
import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { SETTING_KEYS } from "@repox/contracts";
import { multipart, type UploadFile } from "../../test/multipart.ts";
import { ADMIN_PASSWORD, type Caller, createTestApp, type TestApp } from "../../test/test-app.ts";
import { created, datastreamTypeBody, newContainer, newContainerType, propertyBody } from "../containers/testing.ts";

export type DatastreamAnswer = {
  uuid: string;
  label: string;
  type: { code: string; name: string };
  mimeType: string;
  filesize: number;
  sha256: string;
  color: string | null;
  starred: boolean;
  membership: { uuid: string; label: string }[];
  createdBy: { uuid: string; firstname: string; lastname: string } | null;
  thumbnailStatus: string;
  thumbnail: { status: string; url: string | null };
  properties: { key: string; value: string | null; mandatory: boolean }[];
  createdAt: string;
  modifiedAt: string;
};

export type { UploadFile };

/**
 * The model most tests use: datastream types `file` (no properties) and `photo` (mandatory `caption`); container
 * types `box` (accepts everything) and `album` (accepts only `photo`).
 */
export async function setUpFileModel(caller: Caller): Promise<void> {
  await created(caller, "/api/properties", propertyBody("caption"));
  await created(caller, "/api/datastream_types", datastreamTypeBody("file"));
  await created(caller, "/api/datastream_types", datastreamTypeBody("photo", {}, [{ propertyKey: "caption", mandatory: true }]));
  await newContainerType(caller, "box");
  await newContainerType(caller, "album", { datastreamAcceptance: "photo" });
}

export async function newBox(caller: Caller, label = "Box"): Promise<string> {
  return (await newContainer(caller, { label, type: "box" })).uuid;
}

/**
 * A test app listening on a free port (for tests that need a real socket: a connection cut part-way, a client
 * process) and a tenant with the file model and a box. The caller closes `t`.
 */
export async function listeningFileApp(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  const tenant = await t.newTenant();
  await setUpFileModel(tenant.admin);
  const box = await newBox(tenant.admin);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, tenant, box, baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

export async function uploadRequest(caller: Caller, to: string, files: UploadFile[], data: unknown, options = {}) {
  const body = await multipart(files, data, options);
  return caller.request("POST", `/api/datastreams?to=${to}`, body.payload, { "content-type": body.contentType });
}

/** Uploads and answers the created datastreams; throws on anything but 201. */
export async function upload(caller: Caller, to: string, files: UploadFile[], data: unknown = { type: "file" }) {
  const answer = await uploadRequest(caller, to, files, data);
  if (answer.statusCode !== 201) throw new Error(`upload answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as DatastreamAnswer[];
}

export async function uploadOne(caller: Caller, to: string, file: UploadFile, data: unknown = { type: "file" }) {
  const [one] = await upload(caller, to, [file], data);
  if (!one) throw new Error("upload answered no datastream");
  return one;
}

export async function getDatastream(caller: Caller, uuid: string): Promise<DatastreamAnswer> {
  const answer = await caller.request("GET", `/api/datastreams/${uuid}`);
  if (answer.statusCode !== 200) throw new Error(`GET datastream answered ${answer.statusCode}: ${answer.body}`);
  return answer.json();
}

export async function setUploadLimit(caller: Caller, bytes: number): Promise<void> {
  const answer = await caller.request("PUT", "/api/system_settings", [
    { settingKey: SETTING_KEYS.uploadSizeLimit, settingValue: String(bytes) },
  ]);
  if (answer.statusCode !== 200) throw new Error(`setting the upload limit answered ${answer.statusCode}: ${answer.body}`);
}

export async function storageUsed(caller: Caller): Promise<number> {
  return (await caller.request("GET", "/api/storage/info")).json().used;
}

/** A tenant whose storage quota is `quota` bytes, with its administrator signed in. */
export async function newTenantWithQuota(t: TestApp, quota: number): Promise<{ id: string; code: string; admin: Caller }> {
  const code = `quota-${randomBytes(3).toString("hex")}`;
  await t.services.tenants.create({
    code,
    name: `Tenant ${code}`,
    adminUsername: "admin",
    adminPassword: ADMIN_PASSWORD,
    storageQuota: quota,
  });
  const login = await t.caller({ "x-tenantid": code }).request("POST", "/api/auth/jwt", { username: "admin", password: ADMIN_PASSWORD });
  const { id } = await t.db.selectFrom("tenants").select("id").where("code", "=", code).executeTakeFirstOrThrow();
  return { id, code, admin: t.caller({ "x-tenantid": code, authorization: `Bearer ${login.json().jwtToken}` }) };
}

/** Every file below `folder` (relative paths), none when it does not exist. */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(folder.length + 1));
}

/** The blob files of a tenant in the test app's data dir. */
export function blobFiles(t: TestApp, tenantId: string): Promise<string[]> {
  return filesUnder(join(t.config.dataDir, "blobs", tenantId));
}

export function tempFiles(t: TestApp): Promise<string[]> {
  return filesUnder(join(t.config.dataDir, "blobs", "tmp"));
}

/** Windows programs start with "MZ": a .exe named .png is still a program. */
export function windowsProgram(): Buffer {
  const header = Buffer.alloc(512);
  header.write("MZ", 0, "latin1");
  header.writeUInt32LE(0x80, 0x3c);
  header.write("PE\0\0", 0x80, "latin1");
  return Buffer.concat([header, randomBytes(2048)]);
}
