// Rows as the API answers them (contracts/src/containers.ts, contracts/src/content.ts).
import type { ContainerSummary, DatastreamSummary, TypeLayout } from "@repox/contracts";
import { toContentUser } from "../iam/people.ts";
import type { ContainerSummaryRow, DatastreamSummaryRow } from "./repository.ts";

const typeOf = (row: { type_code: string; type_name: string; type_layout: string }) => ({
  code: row.type_code,
  name: row.type_name,
  layout: row.type_layout as TypeLayout,
});

export function toContainerSummary(row: ContainerSummaryRow): ContainerSummary {
  return {
    uuid: row.id,
    id: row.id,
    label: row.label,
    type: typeOf(row),
    color: row.color,
    starred: row.starred,
    published: row.published,
    datastreamCount: Number(row.datastream_count),
    childCount: Number(row.child_count),
    createdBy: toContentUser(row.created_by),
    createdAt: new Date(row.created_at).toISOString(),
    modifiedBy: toContentUser(row.modified_by),
    modifiedAt: new Date(row.modified_at).toISOString(),
  };
}

export function toDatastreamSummary(row: DatastreamSummaryRow): DatastreamSummary {
  return {
    uuid: row.id,
    id: row.id,
    label: row.label,
    type: typeOf(row),
    mimeType: row.mime_type,
    filesize: Number(row.filesize),
    color: row.color,
    starred: row.starred,
    published: row.published,
    thumbnailStatus: row.thumbnail_status,
    createdBy: toContentUser(row.created_by),
    createdAt: new Date(row.created_at).toISOString(),
    modifiedAt: new Date(row.modified_at).toISOString(),
  };
}
