// Rows as the API answers them (contracts/src/assets.ts).
import type { Asset, AssetType } from "@repox/contracts";
import { toContentUser } from "../iam/people.ts";
import type { AssetLinks } from "./asset-links.ts";
import type { AssetViewRow } from "./repository.ts";

export function toAsset(row: AssetViewRow, links: AssetLinks): Asset {
  const isThumbnailReady = row.thumbnail_status === "ready";
  return {
    uuid: row.id,
    label: row.label,
    type: row.type as AssetType,
    properties: Array.isArray(row.properties) ? row.properties : [],
    mimeType: row.mime_type,
    filesize: Number(row.filesize),
    width: row.width,
    height: row.height,
    createdBy: toContentUser(row.created_by),
    createdAt: row.created_at.toISOString(),
    downloadUrl: links.download,
    thumbnail: { status: row.thumbnail_status, url: isThumbnailReady ? links.thumbnail : null },
  };
}
