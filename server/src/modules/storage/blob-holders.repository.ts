// What holds a stored file: the one answer the storage figures, the trash's purge and the export housekeeping share.
// A `blobs` row (aliased `b`) is held while a datastream (live or in the trash), a story asset, a story export or a
// guide's sized logo or cover names its bytes; a new kind of holder is added here and nowhere else.
import { sql } from "kysely";

export const blobIsHeld = sql<boolean>`(exists (select 1 from datastreams d where d.tenant_id = b.tenant_id and d.blob_sha256 = b.sha256)
  or exists (select 1 from assets a where a.tenant_id = b.tenant_id and a.blob_sha256 = b.sha256)
  or exists (select 1 from story_exports e where e.tenant_id = b.tenant_id and e.blob_sha256 = b.sha256)
  or exists (select 1 from guides g where g.tenant_id = b.tenant_id and (g.logo_sha256 = b.sha256 or g.cover_sha256 = b.sha256)))`;
