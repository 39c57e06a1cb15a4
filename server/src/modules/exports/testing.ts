// Test support for exports: archives opened back (ZIP with yauzl, every CRC-32 checked; TAR_GZIP with tar-stream), a content model with
// container and file properties, and requests for an export.
import { Readable } from "node:stream";
import { crc32, gunzipSync } from "node:zlib";
import { extract as tarExtract } from "tar-stream";
import { fromBuffer as zipFromBuffer } from "yauzl";
import type { Caller } from "../../test/test-app.ts";
import { created, datastreamTypeBody, newContainerType, propertyBody } from "../containers/testing.ts";

/** One archive entry: folders end with "/", as both formats write them. */
export type ArchivedEntry = { path: string; data: Buffer };

export async function readZip(content: Buffer): Promise<ArchivedEntry[]> {
  const zip = await new Promise<import("yauzl").ZipFile>((resolve, reject) =>
    zipFromBuffer(content, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (error, file) =>
      error ? reject(error) : resolve(file),
    ),
  );
  const entries: ArchivedEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", resolve);
    zip.on("entry", (entry: import("yauzl").Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const data = Buffer.concat(chunks);
        // yauzl does not check CRC-32s; an unzip program would refuse a wrong one.
        if (crc32(data) !== entry.crc32) return reject(new Error(`${entry.fileName}: the CRC-32 in the archive does not match its bytes`));
        entries.push({ path: entry.fileName, data });
        zip.readEntry();
      });
    });
    zip.readEntry();
  });
  return entries;
}

export async function readTarGz(content: Buffer): Promise<ArchivedEntry[]> {
  const extract = tarExtract();
  const entries: ArchivedEntry[] = [];
  Readable.from([gunzipSync(content)]).pipe(extract);
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    const path = entry.header.type === "directory" && !entry.header.name.endsWith("/") ? `${entry.header.name}/` : entry.header.name;
    entries.push({ path, data: Buffer.concat(chunks) });
  }
  return entries;
}

export const FORMATS = ["ZIP", "TAR_GZIP"] as const;

export function readArchive(format: (typeof FORMATS)[number], content: Buffer): Promise<ArchivedEntry[]> {
  return format === "ZIP" ? readZip(content) : readTarGz(content);
}

/** The archive's entries by path (a test fails loudly on a duplicate path). */
export function byPath(entries: ArchivedEntry[]): Map<string, Buffer> {
  const map = new Map<string, Buffer>();
  for (const entry of entries) {
    if (map.has(entry.path)) throw new Error(`The archive holds ${entry.path} twice`);
    map.set(entry.path, entry.data);
  }
  return map;
}

/**
 * Container type `box` (accepts everything, at the top level) with `title` and repeatable `keywords`; datastream
 * type `file` with `caption`.
 */
export async function setUpExportModel(caller: Caller): Promise<void> {
  await created(caller, "/api/properties", propertyBody("title"));
  await created(caller, "/api/properties", propertyBody("keywords"));
  await created(caller, "/api/properties", propertyBody("caption"));
  await created(caller, "/api/datastream_types", datastreamTypeBody("file", {}, [{ propertyKey: "caption" }]));
  await newContainerType(caller, "box", {}, [
    { propertyKey: "title", position: 1 },
    { propertyKey: "keywords", repeatable: true, position: 2 },
  ]);
}

export function exportRequest(
  caller: Caller,
  body: { archiveFormat: string; containers?: string[]; datastreams?: string[]; exportMetadata: boolean },
) {
  return caller.request("POST", "/api/export", body);
}
