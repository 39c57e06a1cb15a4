// Storage (spec 1 §2 Storage, §7 /storage/info): how much of the tenant's quota its files use, and the files by size.
import { z } from "zod";
import { PageQuery, pageOf } from "./common.ts";
import { ContentNode, ContentUser } from "./content.ts";

/** Spec 1 §9: the storage page loads 20 at a time. */
export const STORAGE_PAGE_SIZE = 20;

/** Spec 1 §2, §9: the storage bar turns warning from 80 percent used and danger from 90. */
export const STORAGE_THRESHOLDS = { warningPercent: 80, dangerPercent: 90 } as const;

/**
 * GET /api/storage/info. `used`: bytes of the tenant's distinct files held by datastreams not yet purged (in the
 * trash too); a file held by several datastreams counts once. `total`: the quota the operator set.
 */
export const StorageInfo = z.object({ used: z.number().int(), total: z.number().int() });
export type StorageInfo = z.infer<typeof StorageInfo>;

export const StorageItemsQuery = PageQuery.extend({ size: PageQuery.shape.size.default(STORAGE_PAGE_SIZE) });
export type StorageItemsQuery = z.infer<typeof StorageItemsQuery>;

/**
 * One datastream in GET /api/storage/items, largest file first (then newest first). A file held by two datastreams
 * is listed twice, once for each, though it counts once in `used`.
 */
export const StorageItem = z.object({
  uuid: z.string(),
  /** The datastream's label (its name). */
  label: z.string(),
  filesize: z.number().int(),
  mimeType: z.string(),
  createdAt: z.string(),
  createdBy: ContentUser.nullable(),
  /** In the trash: still counted until the trash is emptied. */
  inTrash: z.boolean(),
  /** A live container holding it (the first by label), to open it from the list; null in the trash. */
  container: ContentNode.nullable(),
});
export type StorageItem = z.infer<typeof StorageItem>;

export const StorageItemPage = pageOf(StorageItem);
