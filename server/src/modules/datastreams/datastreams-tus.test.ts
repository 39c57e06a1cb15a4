import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller, TestApp, TestTenant } from "../../test/test-app.ts";
import {
  CHUNK,
  createdUpload as createdTusUpload,
  createUpload,
  offsetOf,
  resumedAfterCut,
  sha256,
  TUS,
  tusMetadata,
  uploadId,
} from "../../test/tus-client.ts";
import { newContainer } from "../containers/testing.ts";
import {
  blobFiles,
  filesUnder,
  getDatastream,
  listeningFileApp,
  newBox,
  newTenantWithQuota,
  setUpFileModel,
  setUploadLimit,
  storageUsed,
} from "./testing.ts";
import { createPartialUploadStore, createResumableUploads } from "./tus.ts";

let t: TestApp;
let tenant: TestTenant;
let box: string;
let baseUrl: string;

beforeAll(async () => {
  ({ t, tenant, box, baseUrl } = await listeningFileApp());
});
afterAll(() => t.close());

const bigFile = () => ({ container: box, datastreamType: "file", filename: "big.bin" });
const create = (caller: Caller, size: number, values: Record<string, string> = bigFile()) => createUpload(caller, size, values);
const createdUpload = (caller: Caller, size: number, values: Record<string, string> = bigFile()) => createdTusUpload(caller, size, values);

describe("resumable uploads (tus)", () => {
  it("answers OPTIONS with the protocol's capabilities and the caller's size limit, to editors only", async () => {
    const options = (token: string) =>
      t.app.inject({
        method: "OPTIONS",
        url: "/api/uploads/tus",
        headers: { "x-tenantid": tenant.code, authorization: `Bearer ${token}` },
      });
    const answer = await options(tenant.admin.token);
    expect(answer.statusCode).toBe(204);
    expect(answer.headers["tus-version"]).toContain("1.0.0");
    expect(String(answer.headers["tus-extension"])).toContain("creation");
    expect(Number(answer.headers["tus-max-size"])).toBeGreaterThan(0);
    const reader = await tenant.newUser({ permissions: [] });
    expect((await options(reader.token)).statusCode).toBe(403);
  });

  it("creates an upload, takes it in two PATCH requests and makes the datastream on the last one", async () => {
    const content = randomBytes(300_000);
    const created = await create(tenant.admin, content.length, {
      container: box,
      datastreamType: "file",
      filename: "video.bin",
      label: "Holiday video",
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["tus-resumable"]).toBe("1.0.0");
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/uploads\/tus\/[0-9a-f]{32}$/);
    expect(created.headers["access-control-allow-origin"]).toBeUndefined();

    const head = await tenant.admin.request("HEAD", location, undefined, TUS);
    expect([head.statusCode, head.headers["upload-offset"], head.headers["upload-length"]]).toEqual([200, "0", "300000"]);
    const first = await tenant.admin.request("PATCH", location, content.subarray(0, 100_000), { ...CHUNK, "upload-offset": "0" });
    expect([first.statusCode, first.headers["upload-offset"]]).toEqual([204, "100000"]);
    expect(await offsetOf(tenant.admin, location)).toBe("100000");

    const wrongOffset = await tenant.admin.request("PATCH", location, content.subarray(0, 10), { ...CHUNK, "upload-offset": "0" });
    expect(wrongOffset.statusCode).toBe(409);
    expect(wrongOffset.json()).toMatchObject({ status: 409, error: "Conflict" });

    const last = await tenant.admin.request("PATCH", location, content.subarray(100_000), { ...CHUNK, "upload-offset": "100000" });
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ label: "Holiday video", filesize: 300_000, sha256: sha256(content), membership: [{ uuid: box }] });
    const shown = await getDatastream(tenant.admin, last.json().uuid);
    expect(shown.createdBy?.uuid).toBe(tenant.admin.uuid);
    const bytes = await tenant.admin.request("GET", `/api/datastreams/${shown.uuid}/download`);
    expect(bytes.rawPayload).toEqual(content);
    // The partial upload is gone once the datastream exists.
    expect((await tenant.admin.request("HEAD", location, undefined, TUS)).statusCode).toBe(404);
    expect(await filesUnder(join(t.config.dataDir, "uploads"))).toEqual([]);
  });

  it("resumes at the right offset after the connection is cut mid-PATCH", async () => {
    const content = randomBytes(2 * 1024 * 1024);
    const location = await createdUpload(tenant.admin, content.length);
    const sent = 768 * 1024;
    const rest = await resumedAfterCut({ baseUrl, location, content, sent, tenantCode: tenant.code, caller: tenant.admin });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ label: "big.bin", filesize: content.length, sha256: sha256(content) });
  });

  it("checks the rules at creation: metadata, type, acceptance, mandatory values, length, size limit", async () => {
    const album = (await newContainer(tenant.admin, { label: "Album", type: "album" })).uuid;
    const cases: [Record<string, string>, number, string][] = [
      [{ datastreamType: "file" }, 400, "Invalid Upload-Metadata: container must be a valid UUID"],
      [{ container: box, datastreamType: "nope" }, 400, "type: no datastream type with code 'nope'"],
      [
        { container: album, datastreamType: "file" },
        400,
        "A datastream of type 'Type file' cannot be created in 'Album': type 'Type album' does not accept it",
      ],
      [{ container: box, datastreamType: "photo" }, 400, "There are required fields need to be filled in order to save"],
      [
        { container: box, datastreamType: "file", properties: "[{" },
        400,
        "Invalid Upload-Metadata: properties must be JSON text of [{key, value}]",
      ],
    ];
    for (const [values, status, message] of cases) {
      const answer = await create(tenant.admin, 10, values);
      expect([answer.statusCode, answer.json().message], JSON.stringify(values)).toEqual([status, message]);
    }
    const deferred = await tenant.admin.request("POST", "/api/uploads/tus", undefined, {
      ...TUS,
      "upload-defer-length": "1",
      "upload-metadata": tusMetadata({ container: box, datastreamType: "file" }),
    });
    expect([deferred.statusCode, deferred.json().message]).toEqual([
      400,
      "Upload-Length is required: announce the file's size when creating the upload",
    ]);
    const noProtocol = await tenant.admin.request("POST", "/api/uploads/tus", undefined, { "upload-length": "10" });
    expect([noProtocol.statusCode, noProtocol.json()]).toEqual([
      412,
      { status: 412, error: "Precondition Failed", message: "Tus-Resumable Required" },
    ]);

    const limited = await t.newTenant();
    await setUpFileModel(limited.admin);
    const target = await newBox(limited.admin);
    await setUploadLimit(limited.admin, 1000);
    const tooLarge = await create(limited.admin, 1001, { container: target, datastreamType: "file" });
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([413, "The file is larger than the limit of 1000 bytes."]);
    const location = await createdUpload(limited.admin, 1000, { container: target, datastreamType: "file" });
    const overLength = await limited.admin.request("PATCH", location, randomBytes(1001), { ...CHUNK, "upload-offset": "0" });
    expect([overLength.statusCode, overLength.json().message]).toEqual([
      413,
      "More bytes were sent than the upload announced in Upload-Length",
    ]);
  });

  it("checks the quota at creation and again on completion, storing nothing when refused", async () => {
    const small = await newTenantWithQuota(t, 10_000);
    await setUpFileModel(small.admin);
    const target = (await newContainer(small.admin, { label: "Q", type: "box" })).uuid;
    const refused = await create(small.admin, 10_001, { container: target, datastreamType: "file" });
    expect([refused.statusCode, refused.json().message]).toEqual([
      413,
      "Not enough storage space: the upload needs 9.77 KB but only 9.77 KB of the 9.77 KB quota is free.",
    ]);
    // Two uploads that each fit alone, but not both: the second to finish is refused and its bytes go.
    const first = await createdUpload(small.admin, 6000, { container: target, datastreamType: "file" });
    const second = await createdUpload(small.admin, 6000, { container: target, datastreamType: "file" });
    expect((await small.admin.request("PATCH", first, randomBytes(6000), { ...CHUNK, "upload-offset": "0" })).statusCode).toBe(200);
    const late = await small.admin.request("PATCH", second, randomBytes(6000), { ...CHUNK, "upload-offset": "0" });
    expect(late.statusCode).toBe(413);
    expect(late.json().message).toMatch(/^Not enough storage space/);
    expect(await storageUsed(small.admin)).toBe(6000);
    expect(await blobFiles(t, small.id)).toHaveLength(1);
    expect((await small.admin.request("HEAD", second, undefined, TUS)).statusCode).toBe(404);
  });

  it("keeps an upload to the user and tenant that created it, and needs repox.store.content.edit", async () => {
    const location = await createdUpload(tenant.admin, 100);
    const colleague = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const other = await t.newTenant();
    for (const caller of [colleague, other.admin]) {
      const head = await caller.request("HEAD", location, undefined, TUS);
      expect(head.statusCode).toBe(404);
      const patch = await caller.request("PATCH", location, randomBytes(100), { ...CHUNK, "upload-offset": "0" });
      expect([patch.statusCode, patch.json().message]).toEqual([404, "This upload does not exist or has expired"]);
    }
    const reader = await tenant.newUser();
    const refused = await create(reader, 10);
    expect([refused.statusCode, refused.json().message]).toEqual([
      403,
      `You do not have permission to do this (requires ${PERMISSIONS.contentEdit})`,
    ]);
    expect((await tenant.anonymous.request("POST", "/api/uploads/tus", undefined, { ...TUS, "upload-length": "1" })).statusCode).toBe(401);
    expect(await offsetOf(tenant.admin, location)).toBe("0");
  });

  it("lets the creator cancel an upload, and deletes expired ones", async () => {
    const cancelled = await createdUpload(tenant.admin, 100);
    expect((await tenant.admin.request("DELETE", cancelled, undefined, TUS)).statusCode).toBe(204);
    expect((await tenant.admin.request("HEAD", cancelled, undefined, TUS)).statusCode).toBe(404);

    const stale = await createdUpload(tenant.admin, 100);
    await tenant.admin.request("PATCH", stale, randomBytes(40), { ...CHUNK, "upload-offset": "0" });
    const directory = join(t.config.dataDir, "uploads");
    const info = join(directory, `${uploadId(stale)}.json`);
    const record = JSON.parse(await readFile(info, "utf8"));
    await writeFile(info, JSON.stringify({ ...record, creation_date: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() }));
    const gone = await tenant.admin.request("PATCH", stale, randomBytes(60), { ...CHUNK, "upload-offset": "40" });
    expect(gone.statusCode).toBe(410);
    const fresh = await createdUpload(tenant.admin, 100);
    expect(await createResumableUploads(createPartialUploadStore(t.config), t.services.datastreams).sweepExpired()).toBe(1);
    const left = await filesUnder(directory);
    expect(left).toEqual(expect.arrayContaining([uploadId(fresh), `${uploadId(fresh)}.json`]));
    expect(left.filter((name) => name.startsWith(uploadId(stale)))).toEqual([]);
  });
});
