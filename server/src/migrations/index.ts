// Every migration, in order. Imported statically so the bundled server carries them.
import type { Migration } from "kysely/migration";
import * as m0001 from "./0001_platform.ts";
import * as m0002 from "./0002_tags.ts";
import * as m0003 from "./0003_content_model.ts";
import * as m0004 from "./0004_vocabularies.ts";
import * as m0005 from "./0005_blobs_jobs.ts";
import * as m0006 from "./0006_content.ts";
import * as m0007 from "./0007_derivatives.ts";
import * as m0008 from "./0008_datastreams.ts";
import * as m0009 from "./0009_trash.ts";
import * as m0010 from "./0010_search.ts";
import * as m0011 from "./0011_gin_pending_lists.ts";
import * as m0012 from "./0012_rls_once_per_query.ts";
import * as m0013 from "./0013_blob_crc32.ts";
import * as m0014 from "./0014_folder_counts.ts";
import * as m0015 from "./0015_content_model_versions.ts";
import * as m0016 from "./0016_sessions_valid_after.ts";
import * as m0017 from "./0017_contacts.ts";
import * as m0018 from "./0018_surveys.ts";
import * as m0019 from "./0019_stories.ts";
import * as m0020 from "./0020_assets.ts";
import * as m0021 from "./0021_story_exports.ts";
import * as m0022 from "./0022_screens.ts";
import * as m0023 from "./0023_websites.ts";
import * as m0024 from "./0024_guides.ts";
import * as m0025 from "./0025_iam_versions.ts";
import * as m0026 from "./0026_oai.ts";
import * as m0027 from "./0027_iiif.ts";
import * as m0028 from "./0028_app_passwords.ts";
import * as m0029 from "./0029_webdav.ts";
import * as m0030 from "./0030_activity_params.ts";

export const migrations: Record<string, Migration> = {
  "0001_platform": m0001,
  "0002_tags": m0002,
  "0003_content_model": m0003,
  "0004_vocabularies": m0004,
  "0005_blobs_jobs": m0005,
  "0006_content": m0006,
  "0007_derivatives": m0007,
  "0008_datastreams": m0008,
  "0009_trash": m0009,
  "0010_search": m0010,
  "0011_gin_pending_lists": m0011,
  "0012_rls_once_per_query": m0012,
  "0013_blob_crc32": m0013,
  "0014_folder_counts": m0014,
  "0015_content_model_versions": m0015,
  "0016_sessions_valid_after": m0016,
  "0017_contacts": m0017,
  "0018_surveys": m0018,
  "0019_stories": m0019,
  "0020_assets": m0020,
  "0021_story_exports": m0021,
  "0022_screens": m0022,
  "0023_websites": m0023,
  "0024_guides": m0024,
  "0025_iam_versions": m0025,
  "0026_oai": m0026,
  "0027_iiif": m0027,
  "0028_app_passwords": m0028,
  "0029_webdav": m0029,
  "0030_activity_params": m0030,
};
