// Rows as the API answers them (contracts/src/datastreams.ts).
import type { ContentProperty, Datastream, TypeLayout } from "@repox/contracts";
import { toContentUser } from "../iam/people.ts";
import type { DatastreamViewRow } from "./repository.ts";

export type DatastreamExtras = {
  membership: { id: string; label: string }[];
  properties: ContentProperty[];
  /** A signed link to the thumbnail while it is ready. */
  thumbnailUrl: string | null;
};

export function toDatastream(row: DatastreamViewRow, extras: DatastreamExtras): Datastream {
  return {
    uuid: row.id,
    id: row.id,
    label: row.label,
    type: { code: row.type_code, name: row.type_name, layout: row.type_layout as TypeLayout },
    mimeType: row.mime_type,
    filesize: Number(row.filesize),
    sha256: row.blob_sha256,
    color: row.color,
    starred: row.starred,
    published: row.published,
    thumbnailStatus: row.thumbnail_status,
    thumbnail: { status: row.thumbnail_status, url: row.thumbnail_status === "ready" ? extras.thumbnailUrl : null },
    createdBy: toContentUser(row.created_by),
    createdAt: row.created_at.toISOString(),
    modifiedBy: toContentUser(row.modified_by),
    modifiedAt: row.modified_at.toISOString(),
    membership: extras.membership.map((container) => ({ uuid: container.id, label: container.label })),
    properties: extras.properties,
  };
}
