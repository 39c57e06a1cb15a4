// The walk of an export: yields the archive's entries, depth first, reading each folder page by page in short
// transactions and never holding one while a file streams. A folder per container holds its files, then its
// sub-folders. A container reached a second time (links give it several parents) is written once, where the walk
// meets it first; its other places get a `{name}.link.txt` saying where it is, which also stops any cycle. Files in
// several exported containers are written in each. Memory: one page per level, the names of the folders being
// written, and the archive path of every container written (for the link notes).
import type { Readable } from "node:stream";
import { CONTENT_LIMITS, type Property, EXPORT_NAME_SUFFIXES as SUFFIX } from "@repox/contracts";
import type { WholeBlob } from "../../platform/blobs/blob-reader.ts";
import type { BlobStore } from "../../platform/blobs/blob-store.ts";
import { BlobNotFound } from "../../platform/blobs/errors.ts";
import { WHOLE_READ_MAX_BYTES } from "../../platform/blobs/whole-reads.ts";
import type { TenantDb, Trx } from "../../platform/db/tenant-transaction.ts";
import { FolderNames } from "./archive-names.ts";
import type { ArchiveEntry } from "./archive-writer.ts";
import { containerMetadata, datastreamMetadata } from "./metadata.ts";
import * as repo from "./repository.ts";

type Kind = "container" | "datastream";

export type ExportPlan = {
  containers: repo.ContainerRow[];
  datastreams: repo.DatastreamRow[];
  withMetadata: boolean;
  /** ZIP entries of these files are deflated; the others are stored as they are. */
  compress: (mimeType: string) => boolean;
};

export type WalkDeps = {
  db: TenantDb;
  blobs: BlobStore;
  tenantId: string;
  /** A type's properties (labels and order for metadata). */
  propertiesOf: (trx: Trx, kind: Kind, typeCode: string) => Promise<Property[]>;
};

/** What the walk wrote, for the activity log. */
export type WalkFigures = { folders: number; files: number; missingFiles: number };

/**
 * Rows a page of files may hold: a folder's files are written before its sub-folders, so one page of files is held at
 * a time. Embedded PGlite spends about 4 ms on each page's statement and transaction besides the rows; 10 000 files
 * in pages of 1 000 took 183 ms, in pages of 200 377 ms.
 */
export const FILE_PAGE_SIZE = 1000;
/** Rows a page of sub-folders may hold: one page of them stays in memory for every folder level being written. */
export const FOLDER_PAGE_SIZE = 200;
const MAX_LISTED_PROBLEMS = 1000;
const PROBLEMS_NAME = "export-problems.txt";

type Values = Map<string, repo.StoredValueRow[]>;

function byObject(rows: readonly repo.StoredValueRow[]): Values {
  const values: Values = new Map();
  for (const row of rows) {
    const held = values.get(row.object_id);
    if (held) held.push(row);
    else values.set(row.object_id, [row]);
  }
  return values;
}

const text = (lines: string[]) => Buffer.from(`${lines.join("\n")}\n`);

export function walkExport(deps: WalkDeps, plan: ExportPlan, figures: WalkFigures): AsyncGenerator<ArchiveEntry> {
  const written = new Map<string, string>();
  const problems: string[] = [];
  const definitions = new Map<string, Property[]>();
  const meta = plan.withMetadata;

  /** The properties of each type met so far, loaded with the page that first needs them. */
  const definitionsOf = (kind: Kind, code: string) => definitions.get(`${kind}:${code}`) ?? [];
  async function loadDefinitions(trx: Trx, kind: Kind, codes: Iterable<string>): Promise<void> {
    for (const code of codes) {
      if (!definitions.has(`${kind}:${code}`)) definitions.set(`${kind}:${code}`, await deps.propertiesOf(trx, kind, code));
    }
  }

  function noteProblem(line: string) {
    if (problems.length < MAX_LISTED_PROBLEMS) problems.push(line);
  }

  /** A file streamed from the store; `missing` notes a file the store does not hold. */
  async function openFile(row: repo.DatastreamRow, size: number, missing: (error: unknown) => null): Promise<Readable | null> {
    try {
      // The whole file as a range: the store's stream then knows where it ends, reads no further and allocates no
      // more than the file (a plain read asks once more past the end, allocating a full chunk for nothing).
      const range = size > 0 ? { start: 0, end: size - 1 } : undefined;
      const bytes = await deps.blobs.openBlob(deps.tenantId, row.blob_sha256, range);
      figures.files += 1;
      return bytes;
    } catch (error) {
      return missing(error);
    }
  }

  /**
   * A datastream's file and, with metadata, its JSON; `folder` is "" at the top of the archive. Small files the
   * store can read whole (and that are stored, not deflated) are read off the main thread in one go.
   */
  async function* fileEntries(row: repo.DatastreamRow, folder: string, names: FolderNames, values: Values): AsyncGenerator<ArchiveEntry> {
    const stem = names.claim(row.label, meta ? ["", SUFFIX.datastream] : [""]);
    const path = folder ? `${folder}/${stem}` : stem;
    const size = Number(row.size);
    const missing = (error: unknown): null => {
      if (!(error instanceof BlobNotFound)) throw error;
      figures.missingFiles += 1;
      noteProblem(`${path}: the file's content (sha-256 ${row.blob_sha256}) is missing from the store; it is not in this archive`);
      return null;
    };
    const readWhole = deps.blobs.readWholeBlob?.bind(deps.blobs);
    if (readWhole && size <= WHOLE_READ_MAX_BYTES && !plan.compress(row.mime_type)) {
      const read = async (headroom: number): Promise<WholeBlob | null> => {
        try {
          // Stored signed (migration 0013); `>>> 0` answers the unsigned value a ZIP holds.
          const crc32 = row.crc32 === null ? undefined : row.crc32 >>> 0;
          const blob = await readWhole(deps.tenantId, row.blob_sha256, size, { crc32, headroom });
          figures.files += 1;
          return blob;
        } catch (error) {
          return missing(error);
        }
      };
      yield { kind: "wholeFile", path, modifiedAt: row.modified_at, size, read };
    } else {
      yield {
        kind: "file",
        path,
        modifiedAt: row.modified_at,
        size,
        compress: plan.compress(row.mime_type),
        open: () => openFile(row, size, missing),
      };
    }
    if (meta) {
      const data = datastreamMetadata(row, stem, definitionsOf("datastream", row.type_code), values.get(row.id) ?? []);
      yield { kind: "bytes", path: `${path}${SUFFIX.datastream}`, modifiedAt: row.modified_at, data };
    }
  }

  /** With metadata: the page's stored values by object, and its types' properties loaded. */
  async function loadPage<Row extends { id: string; type_code: string }>(trx: Trx, kind: Kind, rows: Row[]): Promise<Values> {
    if (!meta) return new Map();
    await loadDefinitions(trx, kind, new Set(rows.map((row) => row.type_code)));
    return byObject(
      await repo.listValues(
        trx,
        kind,
        rows.map((row) => row.id),
      ),
    );
  }

  function containerMetadataEntry(row: repo.ContainerRow, path: string, values: Values): ArchiveEntry {
    const data = containerMetadata(row, definitionsOf("container", row.type_code), values.get(row.id) ?? []);
    return { kind: "bytes", path: `${path}${SUFFIX.container}`, modifiedAt: row.modified_at, data };
  }

  function linkNote(row: repo.ContainerRow, path: string, writtenAt: string | undefined): ArchiveEntry {
    const lines = writtenAt
      ? [`'${row.label}' (${row.id}) is in this place too. Its content is written once in this archive, at:`, `${writtenAt}/`]
      : [`'${row.label}' (${row.id}) is more than ${CONTENT_LIMITS.maxDepth} levels deep; it and what it holds are not in this archive.`];
    return { kind: "bytes", path: `${path}${SUFFIX.link}`, modifiedAt: row.modified_at, data: text(lines) };
  }

  async function* containerEntries(row: repo.ContainerRow, path: string, depth: number): AsyncGenerator<ArchiveEntry> {
    yield { kind: "folder", path, modifiedAt: row.modified_at };
    figures.folders += 1;
    const names = new FolderNames();

    let afterFile: repo.PageCursor | null = null;
    do {
      const cursor = afterFile;
      const { page, values } = await deps.db.transaction(async (trx) => {
        const read = await repo.datastreamPage(trx, row.id, { after: cursor, limit: FILE_PAGE_SIZE, withPeople: meta });
        return { page: read, values: await loadPage(trx, "datastream", read.rows) };
      });
      for (const file of page.rows) yield* fileEntries(file, path, names, values);
      afterFile = page.next;
    } while (afterFile !== null);

    let afterChild: repo.PageCursor | null = null;
    do {
      const cursor = afterChild;
      const { page, values } = await deps.db.transaction(async (trx) => {
        const read = await repo.childPage(trx, row.id, { after: cursor, limit: FOLDER_PAGE_SIZE, withPeople: meta });
        return { page: read, values: await loadPage(trx, "container", read.rows) };
      });
      for (const child of page.rows) {
        const writtenAt = written.get(child.id);
        if (writtenAt !== undefined || depth >= CONTENT_LIMITS.maxDepth) {
          yield linkNote(child, `${path}/${names.claim(child.label, [SUFFIX.link])}`, writtenAt);
          continue;
        }
        const childPath = `${path}/${names.claim(child.label, meta ? ["", SUFFIX.container] : [""])}`;
        written.set(child.id, childPath);
        if (meta) yield containerMetadataEntry(child, childPath, values);
        yield* containerEntries(child, childPath, depth + 1);
      }
      afterChild = page.next;
    } while (afterChild !== null);
  }

  return (async function* walk(): AsyncGenerator<ArchiveEntry> {
    const top = new FolderNames();
    // The chosen containers are claimed first: one met again inside another is a link note pointing to the top.
    const roots = plan.containers.map((row) => {
      const path = top.claim(row.label, meta ? ["", SUFFIX.container] : [""]);
      written.set(row.id, path);
      return { row, path };
    });
    const rootValues = await deps.db.transaction((trx) => loadPage(trx, "container", plan.containers));
    for (const { row, path } of roots) {
      if (meta) yield containerMetadataEntry(row, path, rootValues);
      yield* containerEntries(row, path, 1);
    }
    const fileValues = await deps.db.transaction((trx) => loadPage(trx, "datastream", plan.datastreams));
    for (const file of plan.datastreams) yield* fileEntries(file, "", top, fileValues);
    // Files are read ahead of the archive's writing, so their problems are known only when this entry's turn comes.
    const listProblems = () => {
      if (problems.length === 0) return null;
      const unlisted = figures.missingFiles - problems.length;
      return text(unlisted > 0 ? [...problems, `… and ${unlisted} more files whose content is missing`] : problems);
    };
    yield { kind: "lateBytes", path: top.claim(PROBLEMS_NAME, [""]), modifiedAt: new Date(), data: listProblems };
  })();
}
