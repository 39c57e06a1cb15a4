// Storage: the tenant's usage against its quota, the datastreams by size, and the quota rule uploads obey inside
// their own transaction (`within`).
import { humanByteSize, type Page, type StorageInfo, type StorageItem, type StorageItemsQuery, toPage } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { PayloadTooLarge } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { SettingsService } from "../settings/service.ts";
import * as repo from "./repository.ts";

export type StorageDeps = { settings: SettingsService };

/** A file about to be stored: `sha256` unknown while only its announced size is (a resumable upload's start). */
export type IncomingFile = { sha256?: string; size: number };

export class StorageQuotaExceeded extends PayloadTooLarge {
  constructor(needed: number, used: number, total: number) {
    const free = Math.max(0, total - used);
    super(
      `Not enough storage space: the upload needs ${humanByteSize(needed)} but only ${humanByteSize(free)} of the ${humanByteSize(total)} quota is free.`,
    );
  }
}

function toStorageItem(row: repo.StorageItemRow): StorageItem {
  const person = row.created_by;
  return {
    uuid: row.id,
    label: row.label,
    filesize: Number(row.filesize),
    mimeType: row.mime_type,
    createdAt: row.created_at.toISOString(),
    createdBy: person?.uuid
      ? { uuid: person.uuid, firstname: person.firstname ?? "", lastname: person.lastname ?? "", email: person.email ?? "" }
      : null,
    inTrash: row.deleted_at !== null,
    container: row.container ? { uuid: row.container.id, label: row.container.label } : null,
  };
}

export function createStorageService(deps: StorageDeps) {
  /** Bytes the files would add: those no datastream holds yet, each distinct content once. */
  async function addedBytes(trx: Trx, files: readonly IncomingFile[]): Promise<number> {
    const known = files.flatMap((file) => (file.sha256 ? [file.sha256] : []));
    const held = await repo.heldBlobs(trx, known);
    const seen = new Set<string>();
    let bytes = 0;
    for (const file of files) {
      if (file.sha256 && (held.has(file.sha256) || seen.has(file.sha256))) continue;
      if (file.sha256) seen.add(file.sha256);
      bytes += file.size;
    }
    return bytes;
  }

  async function assertRoom(trx: Trx, ctx: RequestContext, files: readonly IncomingFile[]): Promise<void> {
    const needed = await addedBytes(trx, files);
    if (needed === 0) return;
    const used = await repo.usedBytes(trx);
    const total = deps.settings.storageQuotaBytes(ctx);
    if (used + needed > total) throw new StorageQuotaExceeded(needed, used, total);
  }

  return {
    async info(ctx: RequestContext): Promise<StorageInfo> {
      const used = await ctx.db.transaction((trx) => repo.usedBytes(trx));
      return { used, total: deps.settings.storageQuotaBytes(ctx) };
    },

    async listItems(ctx: RequestContext, query: StorageItemsQuery): Promise<Page<StorageItem>> {
      return ctx.db.transaction(async (trx) => {
        const rows = await repo.listItems(trx, { offset: query.page * query.size, limit: query.size });
        return toPage(rows.map(toStorageItem), await repo.countItems(trx), query);
      });
    },

    /** An early check without holding anything (a resumable upload announcing its size): throws StorageQuotaExceeded. */
    async assertRoomFor(ctx: RequestContext, files: readonly IncomingFile[]): Promise<void> {
      await ctx.db.transaction((trx) => assertRoom(trx, ctx, files));
    },

    /** Inside the transaction that records new files. */
    within(trx: Trx) {
      return {
        /**
         * Takes the tenant's quota lock, then refuses files that would take usage past the quota (StorageQuotaExceeded,
         * 413). Content some datastream already holds costs nothing.
         */
        reserve: async (ctx: RequestContext, files: readonly IncomingFile[]): Promise<void> => {
          await repo.lockQuota(trx, ctx.tenant.id);
          await assertRoom(trx, ctx, files);
        },
      };
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
