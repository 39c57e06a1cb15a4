// SQL of the IIIF Presentation documents: a published container, its property values in its type's order, its live
// files with the sizes their derivatives recorded, the published members of a collection container, and a published
// file the documents link. Every statement runs in a tenant transaction, so row-level security confines it to the tenant.
import { sql } from "kysely";
import type { Trx } from "../../../platform/db/tenant-transaction.ts";

export type ContainerRow = { id: string; label: string; type_name: string; collection: boolean };

/** Published and not in the trash: what every IIIF document may show. */
const isPublished = sql`c.published and c.deleted_at is null`;

export async function publishedContainer(trx: Trx, id: string): Promise<ContainerRow | undefined> {
  const { rows } = await sql<ContainerRow>`select c.id, c.label, t.name as type_name, t.oai_collection as collection
    from containers c join content_types t on t.tenant_id = c.tenant_id and t.id = c.type_id
    where c.id = ${id}::uuid and ${isPublished}`.execute(trx);
  return rows[0];
}

export type ValueRow = {
  property_key: string;
  value: { values?: unknown; qualifiers?: unknown };
  property_type: string;
  property_details: string;
  display_name: string;
};

/**
 * A container's values in the order its form shows them: the type's property groups in the order of their first
 * property, each group's properties in the type's order, then the properties in no group; then any the type lost.
 */
export async function valuesOf(trx: Trx, containerId: string): Promise<ValueRow[]> {
  const { rows } = await sql<ValueRow>`select v.property_key, v.value, p.property_type, p.property_details, p.display_name
    from property_values v
    join containers c on c.tenant_id = v.tenant_id and c.id = v.container_id
    join properties p on p.tenant_id = v.tenant_id and p.property_key = v.property_key
    left join content_type_properties ctp on ctp.tenant_id = v.tenant_id and ctp.type_id = c.type_id and ctp.property_id = p.id
    where v.container_id = ${containerId}::uuid
    order by ctp.position is null, ctp.group_id is null,
      (select min(g.position) from content_type_properties g
        where g.tenant_id = ctp.tenant_id and g.type_id = ctp.type_id and g.group_id = ctp.group_id),
      ctp.position, v.property_key, v.position`.execute(trx);
  return rows;
}

export type FileRow = {
  id: string;
  label: string;
  mime_type: string;
  filesize: number;
  /** The picture's own upright size once the Image API has read it (iiif_images), else null. */
  image_width: number | null;
  image_height: number | null;
  /** The 1600 px preview's size (the picture's own when smaller), null until it is made. */
  preview_width: number | null;
  preview_height: number | null;
  thumb_width: number | null;
  thumb_height: number | null;
};

/** A container's live files in the order the content area lists them. */
export async function filesOf(trx: Trx, containerId: string, limit: number): Promise<FileRow[]> {
  const { rows } = await sql<FileRow>`select d.id, d.label, d.mime_type, d.filesize,
      i.width as image_width, i.height as image_height,
      p.width as preview_width, p.height as preview_height, th.width as thumb_width, th.height as thumb_height
    from datastream_memberships m
    join datastreams d on d.tenant_id = m.tenant_id and d.id = m.datastream_id
    left join iiif_images i on i.tenant_id = d.tenant_id and i.source_sha256 = d.blob_sha256 and i.error is null
    left join derivatives p on p.tenant_id = d.tenant_id and p.source_sha256 = d.blob_sha256 and p.kind = 'preview'
      and p.status = 'ready'
    left join derivatives th on th.tenant_id = d.tenant_id and th.source_sha256 = d.blob_sha256 and th.kind = 'thumb'
      and th.status = 'ready'
    where m.container_id = ${containerId}::uuid and m.datastream_visible and d.deleted_at is null
    order by m.datastream_sort_key, m.datastream_created_at, d.id
    limit ${limit}`.execute(trx);
  return rows;
}

export type MemberRow = { id: string; label: string; collection: boolean };

const publishedMembers = (collectionId: string) => sql`from container_edges e
    join containers c on c.tenant_id = e.tenant_id and c.id = e.child_id
    join content_types t on t.tenant_id = c.tenant_id and t.id = c.type_id
    where e.parent_key = ${collectionId}::uuid and e.child_visible and ${isPublished}`;

export async function countMembers(trx: Trx, collectionId: string): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*) as count ${publishedMembers(collectionId)}`.execute(trx);
  return Number(rows[0]?.count ?? 0);
}

/** A page of a collection's published children, sub-collections and manifests alike, in the content area's order. */
export async function membersOf(trx: Trx, collectionId: string, offset: number, limit: number): Promise<MemberRow[]> {
  const { rows } = await sql<MemberRow>`select c.id, c.label, t.oai_collection as collection ${publishedMembers(collectionId)}
    order by e.child_sort_key, e.child_created_at, c.id offset ${offset} limit ${limit}`.execute(trx);
  return rows;
}

export type PublishedFileRow = { label: string; mime_type: string; filesize: number; sha256: string };

/** A live file that a published container holds; undefined for any other. */
export async function publishedFile(trx: Trx, id: string): Promise<PublishedFileRow | undefined> {
  const { rows } = await sql<PublishedFileRow>`select d.label, d.mime_type, d.filesize, d.blob_sha256 as sha256
    from datastreams d
    where d.id = ${id}::uuid and d.deleted_at is null and exists (
      select 1 from datastream_memberships m join containers c on c.tenant_id = m.tenant_id and c.id = m.container_id
      where m.tenant_id = d.tenant_id and m.datastream_id = d.id and m.datastream_visible and ${isPublished})`.execute(trx);
  return rows[0];
}
