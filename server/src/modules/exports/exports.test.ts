import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { crc32 } from "node:zlib";
import { PERMISSIONS } from "@repox/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inTenant } from "../../platform/db/tenant-transaction.ts";
import { createTestApp, type TestApp, type TestTenant } from "../../test/test-app.ts";
import { insertContainers, insertDatastreams, newContainer, propertyValue } from "../containers/testing.ts";
import { uploadOne } from "../datastreams/testing.ts";
import { FILE_PAGE_SIZE, FOLDER_PAGE_SIZE } from "./export-walk.ts";
import { byPath, exportRequest, FORMATS, readArchive, setUpExportModel } from "./testing.ts";

let t: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await t.newTenant();
  await setUpExportModel(tenant.admin);
});
afterAll(() => t.close());

const admin = () => tenant.admin;

async function box(label: string, to?: string, properties: unknown[] = []) {
  return (await newContainer(admin(), { label, type: "box", properties }, to)).uuid;
}

async function file(container: string, label: string, content: Buffer, type = "application/octet-stream", properties: unknown[] = []) {
  return uploadOne(admin(), container, { name: "upload.bin", content, type }, { type: "file", label, properties });
}

async function link(child: string, to: string) {
  const answer = await admin().request("POST", `/api/containers/${child}/link?to=${to}`);
  if (answer.statusCode !== 200) throw new Error(`link answered ${answer.statusCode}: ${answer.body}`);
}

async function exported(body: Parameters<typeof exportRequest>[1]) {
  const answer = await exportRequest(admin(), body);
  if (answer.statusCode !== 200) throw new Error(`export answered ${answer.statusCode}: ${answer.body}`);
  return answer;
}

describe("export of a hierarchy", () => {
  // Library/ holds notes.txt and scan.bin, then (by label) Empty/, Shared/ and Sub/; Sub/ holds deep.bin and a link to
  // Shared. A file chosen on its own (loose.txt) sits at the top of the archive.
  let library: string;
  let shared: string;
  let loose: string;
  const notes = Buffer.from("Minutes of the meeting\n".repeat(200));
  const scan = randomBytes(300 * 1024);
  const deep = randomBytes(70 * 1024);
  const sharedBytes = randomBytes(1024);
  const looseBytes = Buffer.from("on its own\n");

  beforeAll(async () => {
    library = await box("Library", undefined, [
      { key: "title", value: propertyValue("The library") },
      { key: "keywords", value: propertyValue("old") },
      { key: "keywords", value: propertyValue("books") },
    ]);
    await file(library, "notes.txt", notes, "text/plain", [{ key: "caption", value: propertyValue("Notes") }]);
    await file(library, "scan.bin", scan);
    await box("Empty", library);
    shared = await box("Shared", library);
    await file(shared, "shared.bin", sharedBytes);
    const sub = await box("Sub", library);
    await file(sub, "deep.bin", deep);
    await link(shared, sub);
    const other = await box("Other");
    loose = (await file(other, "loose.txt", looseBytes, "text/plain")).uuid;
  });

  for (const format of FORMATS) {
    it(`writes folders, files with their exact bytes and metadata as ${format}`, async () => {
      const answer = await exported({ archiveFormat: format, containers: [library], datastreams: [loose], exportMetadata: true });
      const today = new Date().toISOString().slice(0, 10);
      const extension = format === "ZIP" ? "zip" : "tar.gz";
      expect(answer.headers["content-type"]).toBe(format === "ZIP" ? "application/zip" : "application/gzip");
      expect(answer.headers["content-disposition"]).toBe(`attachment; filename=export-${today}.${extension}`);
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");

      const entries = byPath(await readArchive(format, answer.rawPayload));
      expect([...entries.keys()].sort()).toEqual(
        [
          "Library.container.json",
          "Library/",
          "Library/notes.txt",
          "Library/notes.txt.metadata.json",
          "Library/scan.bin",
          "Library/scan.bin.metadata.json",
          "Library/Empty.container.json",
          "Library/Empty/",
          "Library/Shared.container.json",
          "Library/Shared/",
          "Library/Shared/shared.bin",
          "Library/Shared/shared.bin.metadata.json",
          "Library/Sub.container.json",
          "Library/Sub/",
          "Library/Sub/deep.bin",
          "Library/Sub/deep.bin.metadata.json",
          "Library/Sub/Shared.link.txt",
          "loose.txt",
          "loose.txt.metadata.json",
        ].sort(),
      );
      expect(entries.get("Library/notes.txt")?.equals(notes)).toBe(true);
      expect(entries.get("Library/scan.bin")?.equals(scan)).toBe(true);
      expect(entries.get("Library/Sub/deep.bin")?.equals(deep)).toBe(true);
      expect(entries.get("Library/Shared/shared.bin")?.equals(sharedBytes)).toBe(true);
      expect(entries.get("loose.txt")?.equals(looseBytes)).toBe(true);
      expect(entries.get("Library/Sub/Shared.link.txt")?.toString()).toContain("Library/Shared/");

      const container = JSON.parse(entries.get("Library.container.json")?.toString() ?? "{}");
      expect(container).toMatchObject({
        uuid: library,
        label: "Library",
        type: { code: "box", name: "Type box" },
        createdBy: { firstname: expect.any(String) },
        properties: [
          { key: "title", label: "Label of title", propertyType: "text", values: "The library", qualifiers: [] },
          { key: "keywords", label: "Label of keywords", values: "old" },
          { key: "keywords", label: "Label of keywords", values: "books" },
        ],
      });
      expect(Date.parse(container.createdAt)).not.toBeNaN();
      const metadata = JSON.parse(entries.get("Library/notes.txt.metadata.json")?.toString() ?? "{}");
      expect(metadata).toMatchObject({
        label: "notes.txt",
        fileName: "notes.txt",
        type: { code: "file" },
        mimeType: "text/plain",
        filesize: notes.length,
        properties: [{ key: "caption", values: "Notes" }],
      });
      expect(metadata.sha256).toMatch(/^[0-9a-f]{64}$/);
    });
  }

  it("leaves the metadata out when it is not asked for", async () => {
    const answer = await exported({ archiveFormat: "ZIP", containers: [library], exportMetadata: false });
    const paths = [...byPath(await readArchive("ZIP", answer.rawPayload)).keys()];
    expect(paths.filter((path) => path.endsWith(".json"))).toEqual([]);
    expect(paths).toContain("Library/Sub/deep.bin");
    expect(paths).toContain("Library/Sub/Shared.link.txt");
  });

  it("writes a chosen container met again inside another one once, at the top", async () => {
    const answer = await exported({ archiveFormat: "ZIP", containers: [library, shared], exportMetadata: false });
    const entries = byPath(await readArchive("ZIP", answer.rawPayload));
    expect(entries.get("Shared/shared.bin")?.equals(sharedBytes)).toBe(true);
    expect(entries.has("Library/Shared/shared.bin")).toBe(false);
    expect(entries.get("Library/Shared.link.txt")?.toString()).toContain("Shared/");
  });

  it("records the export in the activity of each chosen container", async () => {
    await exported({ archiveFormat: "TAR_GZIP", containers: [library], exportMetadata: true });
    const activity = (await admin().request("GET", `/api/containers/${library}/activity`)).json();
    expect(activity.content[0]).toMatchObject({
      action: "exported",
      description: "Exported as TAR.GZ with metadata (4 folder(s) and 4 file(s) in the archive)",
      params: { what: "exported", format: "TAR.GZ", metadata: true, archive: { folders: 4, files: 4 } },
    });
  });
});

describe("checksums", () => {
  it("keeps each uploaded file's CRC-32 with its blob, and writes it into the ZIP", async () => {
    const top = await box("Checked");
    const bytes = randomBytes(50 * 1024);
    const uploaded = await file(top, "checked.bin", bytes);
    const kept = await inTenant(t.db, tenant.id, (trx) =>
      trx.selectFrom("blobs").select("crc32").where("sha256", "=", uploaded.sha256).executeTakeFirstOrThrow(),
    );
    expect((kept.crc32 ?? 0) >>> 0).toBe(crc32(bytes));
    // readArchive checks every entry's CRC-32 against its bytes.
    const entries = byPath(
      await readArchive("ZIP", (await exported({ archiveFormat: "ZIP", containers: [top], exportMetadata: false })).rawPayload),
    );
    expect(entries.get("Checked/checked.bin")?.equals(bytes)).toBe(true);
  });

  it("checksums a file whose blob keeps no CRC-32 (stored before it was kept) as it is read", async () => {
    const top = await box("Older");
    const bytes = randomBytes(20 * 1024);
    const uploaded = await file(top, "older.bin", bytes);
    await inTenant(t.db, tenant.id, (trx) => trx.updateTable("blobs").set({ crc32: null }).where("sha256", "=", uploaded.sha256).execute());
    const entries = byPath(
      await readArchive("ZIP", (await exported({ archiveFormat: "ZIP", containers: [top], exportMetadata: false })).rawPayload),
    );
    expect(entries.get("Older/older.bin")?.equals(bytes)).toBe(true);
  });
});

describe("folders larger than one page", () => {
  it("writes every file and sub-folder once, across pages", async () => {
    const top = await box("Crowded");
    const labels = Array.from({ length: FILE_PAGE_SIZE + 50 }, (_, index) => `item ${String(index).padStart(4, "0")}.txt`);
    // Written straight into the store and the tables: 1 255 requests would only slow the test down.
    const files = labels.map((label) => ({ label, content: Buffer.from(label) }));
    for (let start = 0; start < files.length; start += 25) {
      const some = files.slice(start, start + 25);
      await Promise.all(some.map(({ content }) => t.services.blobs.writeBlob(tenant.id, Readable.from([content]), { maxBytes: 1024 })));
    }
    await insertDatastreams(t, tenant, { containerId: top, typeCode: "file", files });
    const folders = Array.from({ length: FOLDER_PAGE_SIZE + 5 }, (_, index) => `Folder ${String(index).padStart(3, "0")}`);
    await insertContainers(t, tenant, { parentId: top, typeCode: "box", labels: folders });

    const answer = await exported({ archiveFormat: "TAR_GZIP", containers: [top], exportMetadata: false });
    const entries = byPath(await readArchive("TAR_GZIP", answer.rawPayload));
    expect(entries.size).toBe(1 + labels.length + folders.length);
    for (const label of labels) expect(entries.get(`Crowded/${label}`)?.toString()).toBe(label);
    for (const label of folders) expect(entries.has(`Crowded/${label}/`)).toBe(true);
  }, 60_000);
});

describe("names in the archive", () => {
  it("makes hostile labels safe and names unique in each folder, in both formats", async () => {
    const top = await box("Hostile");
    const labels = ["../../etc/passwd", "/abs", "a\\b", "CON", "lpt1.txt", "x".repeat(255), "Same", "same", "dots...", "..", "ok:name?"];
    for (const label of labels) await box(label, top);
    for (const name of ["Same", "same.txt", "same.txt", "..", "<>.txt"]) await file(top, name, Buffer.from(name));
    // Control characters cannot come in through the API; a row written before that rule could hold one.
    const odd = await box("bell", top);
    await inTenant(t.db, tenant.id, (trx) =>
      trx.updateTable("containers").set({ label: "bell\u0007ring\u0001" }).where("id", "=", odd).execute(),
    );

    for (const format of FORMATS) {
      const answer = await exported({ archiveFormat: format, containers: [top], exportMetadata: true });
      const paths = [...byPath(await readArchive(format, answer.rawPayload)).keys()];
      for (const path of paths) {
        expect(path.startsWith("/"), path).toBe(false);
        expect(path).not.toMatch(/[\\\p{Cc}]/u);
        for (const segment of path.replace(/\/$/, "").split("/")) {
          expect(segment === "." || segment === "..", path).toBe(false);
          expect(Buffer.byteLength(segment), path).toBeLessThanOrEqual(200 + ".container.json".length);
          expect(segment, path).not.toMatch(/[:*?"<>|]|[. ]$/);
        }
      }
      const inside = paths
        .filter((path) => path.startsWith("Hostile/") && path !== "Hostile/")
        .map((path) => path.slice("Hostile/".length));
      const folders = inside.filter((path) => path.endsWith("/")).map((path) => path.slice(0, -1));
      expect(folders.sort()).toEqual(
        [
          ".._.._etc_passwd",
          "_abs",
          "a_b",
          "_CON",
          "_lpt1.txt",
          "x".repeat(200),
          // A file already holds "Same" (names in a folder are unique whatever their case and kind).
          "Same (2)",
          "same (3)",
          "dots",
          // ".." has no name left once made safe; "_" is taken by the file labelled ".." too.
          "_ (2)",
          "ok_name_",
          "bell_ring_",
        ].sort(),
      );
      const files = inside.filter((path) => !path.endsWith("/") && !path.endsWith(".json"));
      expect(files.sort()).toEqual(["Same", "_", "__.txt", "same (2).txt", "same.txt"].sort());
      // Case-insensitive uniqueness: no two names of one folder differ only in case.
      const lower = inside.map((path) => path.toLowerCase());
      expect(new Set(lower).size).toBe(lower.length);
    }
  });
});

describe("what is refused", () => {
  it("refuses items in the trash and leaves out trashed items below a chosen container", async () => {
    const top = await box("With trash");
    const gone = await box("Gone", top);
    await file(gone, "inside.bin", Buffer.from("x"));
    const kept = await file(top, "kept.txt", Buffer.from("kept"), "text/plain");
    const thrown = await file(top, "thrown.txt", Buffer.from("thrown"), "text/plain");
    expect((await admin().request("POST", `/api/containers/${gone}/remove`)).statusCode).toBe(200);
    expect((await admin().request("POST", `/api/datastreams/${thrown.uuid}/remove?from=${top}`)).statusCode).toBe(200);

    const answer = await exported({ archiveFormat: "ZIP", containers: [top], exportMetadata: false });
    expect([...byPath(await readArchive("ZIP", answer.rawPayload)).keys()].sort()).toEqual(["With trash/", "With trash/kept.txt"]);

    const refused = await exportRequest(admin(), { archiveFormat: "ZIP", containers: [gone], exportMetadata: false });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(`Container ${gone} not found`);
    const refusedFile = await exportRequest(admin(), { archiveFormat: "ZIP", datastreams: [thrown.uuid], exportMetadata: false });
    expect(refusedFile.statusCode).toBe(404);
    expect(refusedFile.json().message).toBe(`Datastream ${thrown.uuid} not found`);
    expect(kept.uuid).toBeTruthy();
  });

  it("needs the export permission", async () => {
    const top = await box("Permission");
    const reader = await tenant.newUser({ permissions: [PERMISSIONS.contentEdit] });
    const denied = await exportRequest(reader, { archiveFormat: "ZIP", containers: [top], exportMetadata: false });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("You do not have permission to do this (requires repox.store.content.export)");
    expect((await exportRequest(tenant.anonymous, { archiveFormat: "ZIP", containers: [top], exportMetadata: false })).statusCode).toBe(
      401,
    );
    const exporter = await tenant.newUser({ permissions: [PERMISSIONS.contentExport] });
    expect((await exportRequest(exporter, { archiveFormat: "ZIP", containers: [top], exportMetadata: false })).statusCode).toBe(200);
  });

  it("does not export another tenant's items", async () => {
    const other = await t.newTenant();
    const top = await box("Mine");
    const theirs = await exportRequest(other.admin, { archiveFormat: "ZIP", containers: [top], exportMetadata: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(`Container ${top} not found`);
    const fileId = (await file(top, "mine.txt", Buffer.from("mine"), "text/plain")).uuid;
    const theirFile = await exportRequest(other.admin, { archiveFormat: "TAR_GZIP", datastreams: [fileId], exportMetadata: true });
    expect(theirFile.statusCode).toBe(404);
  });

  it("answers 400 with a message for bad requests", async () => {
    const top = await box("Bad input");
    const cases: [unknown, string][] = [
      [{ containers: [top], exportMetadata: true }, "archiveFormat"],
      [{ archiveFormat: "RAR", containers: [top], exportMetadata: true }, "archiveFormat must be one of ZIP, TAR_GZIP"],
      [{ archiveFormat: "ZIP", containers: [top] }, "exportMetadata must be true or false"],
      [{ archiveFormat: "ZIP", containers: [], datastreams: [], exportMetadata: true }, "Choose at least one container or file to export"],
      [{ archiveFormat: "ZIP", containers: ["not-a-uuid"], exportMetadata: true }, "must be a valid UUID"],
      [{ archiveFormat: "ZIP", containers: Array.from({ length: 1001 }, () => top), exportMetadata: true }, "at most 1000"],
    ];
    for (const [body, message] of cases) {
      const answer = await admin().request("POST", "/api/export", body);
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.json().message).toContain(message);
    }
    const malformed = await admin().request("POST", "/api/export", "{not json", { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    const unknown = await exportRequest(admin(), { archiveFormat: "ZIP", containers: [randomUuid()], exportMetadata: false });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("a file whose content is missing from the store", () => {
  it("is left out and named in export-problems.txt; the rest is exported", async () => {
    const top = await box("Damaged");
    const lost = await file(top, "lost.bin", randomBytes(2000));
    await file(top, "fine.txt", Buffer.from("fine"), "text/plain");
    await t.services.blobs.deleteBlob(tenant.id, lost.sha256);

    for (const format of FORMATS) {
      const answer = await exported({ archiveFormat: format, containers: [top], exportMetadata: false });
      const entries = byPath(await readArchive(format, answer.rawPayload));
      expect([...entries.keys()].sort()).toEqual(["Damaged/", "Damaged/fine.txt", "export-problems.txt"]);
      expect(entries.get("export-problems.txt")?.toString()).toContain(
        `Damaged/lost.bin: the file's content (sha-256 ${lost.sha256}) is missing`,
      );
    }
  });
});

function randomUuid(): string {
  const hex = randomBytes(16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}
