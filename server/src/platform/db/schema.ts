// Table types for Kysely. One entry per table; migrations are the source of truth for the SQL.
import type { ColumnType, Generated } from "kysely";

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type TenantsTable = {
  id: Generated<string>;
  code: string;
  name: string;
  storage_quota: ColumnType<string, number | string, number | string>;
  created_at: CreatedAt;
};

export type UsersTable = {
  tenant_id: string;
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  locked: Generated<boolean>;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
  sessions_valid_after: Generated<Date | null>;
};

export type GroupsTable = {
  tenant_id: string;
  id: Generated<number>;
  name: string;
  description: string;
  is_administrators: Generated<boolean>;
  created_at: CreatedAt;
};

export type GroupMembersTable = { tenant_id: string; group_id: number; user_id: string };
export type GroupPermissionsTable = { tenant_id: string; group_id: number; permission_code: string };

export type SystemSettingsTable = {
  tenant_id: string;
  setting_key: string;
  label: string;
  description: string;
  editable: boolean;
  mandatory: boolean;
  setting_type: string;
  setting_details: string;
  setting_value: string;
  position: number;
};

export type PasswordResetsTable = {
  tenant_id: string;
  token_hash: string;
  user_id: string;
  expires_at: ColumnType<Date, Date, never>;
  used_at: ColumnType<Date | null, never, Date>;
  created_at: CreatedAt;
};

export type MailOutboxTable = {
  tenant_id: string;
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  status: Generated<string>;
  error: ColumnType<string | null, never, string | null>;
  created_at: CreatedAt;
  sent_at: ColumnType<Date | null, never, Date>;
};

export type TagsTable = {
  tenant_id: string;
  id: Generated<number>;
  name: string;
  description: string;
  color: string;
  scope: string;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
};

// Content model (migration 0003).
export type PropertyNamespacesTable = { tenant_id: string; id: Generated<number>; code: string; name: string; prefix: string; url: string };

export type PropertyQualifiersTable = {
  tenant_id: string;
  id: Generated<number>;
  qualifier_key: string;
  qualifier_name: string;
  qualifier_type: string;
  qualifier_details: string;
  description: string;
  external_source: string;
};

export type PropertyGroupsTable = { tenant_id: string; id: Generated<number>; name: string; description: string };

export type PropertiesTable = {
  tenant_id: string;
  id: Generated<number>;
  property_key: string;
  display_name: string;
  property_type: string;
  property_details: string;
  description: string;
  namespace_id: number | null;
  group_id: number | null;
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
  position: number;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
};

export type PropertyQualifierLinksTable = { tenant_id: string; property_id: number; qualifier_id: number; position: number };

export type ContentTypesTable = {
  tenant_id: string;
  id: Generated<number>;
  kind: "container" | "datastream";
  code: string;
  name: string;
  layout: string;
  allowed_at_root: boolean;
  /** Its published containers are OAI-PMH sets (migration 0026). */
  oai_collection: Generated<boolean>;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
};

export type ContentTypeAcceptanceTable = { tenant_id: string; type_id: number; accepted_type_id: number; position: number };

export type ContentTypePropertiesTable = {
  tenant_id: string;
  type_id: number;
  property_id: number;
  group_id: number | null;
  position: number;
  mandatory: boolean;
  editable: boolean;
  repeatable: boolean;
};

export type VocabulariesTable = {
  tenant_id: string;
  id: Generated<string>;
  name: string;
  description: string;
  voc_uri: string;
  /** Kept by a trigger on vocabulary_terms. */
  term_count: ColumnType<number, never, never>;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
};

export type VocabularyTermsTable = {
  tenant_id: string;
  vocabulary_id: string;
  term_id: string;
  label: string;
  term_uri: string;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
};

export type ContactsTable = {
  tenant_id: string;
  id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  organization: string;
  email_key: ColumnType<string, never, never>;
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
  modified_at: UpdatedAt;
};

export type AssetsTable = {
  tenant_id: string;
  id: string;
  label: string;
  type: string;
  /** Always `[]` today (spec 3 §7 sends `properties: []`); kept for properties assets may get. */
  properties: ColumnType<unknown, never, never>;
  blob_sha256: string;
  mime_type: string;
  filesize: number;
  width: number | null;
  height: number | null;
  search_text: ColumnType<string, never, never>;
  created_by: string | null;
  created_at: CreatedAt;
};

export type StoryExportsTable = {
  tenant_id: string;
  id: string;
  story_id: string;
  format: string;
  resolution: string | null;
  state: ColumnType<string, string | undefined, string>;
  progress: ColumnType<number, number | undefined, number>;
  error: string | null;
  recipient: string | null;
  blob_sha256: string | null;
  file_name: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type GuidesTable = {
  tenant_id: string;
  id: string;
  title: string;
  description: string;
  /** GuideLanguage[] as JSON text on writing. */
  languages: ColumnType<unknown, string, string>;
  /** { [language]: text } as JSON text on writing. */
  welcome_texts: ColumnType<unknown, string, string>;
  logo_asset_id: string | null;
  logo_sha256: string | null;
  cover_asset_id: string | null;
  cover_sha256: string | null;
  published_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type GuideOnboardingTable = { tenant_id: string; guide_id: string; position: number; asset_id: string };

export type BlobsTable = {
  tenant_id: string;
  sha256: string;
  size: number;
  mime_type: string;
  /** Signed: the CRC-32's 32 bits as an `integer` (migration 0013); null for blobs stored before it. */
  crc32: number | null;
  created_at: CreatedAt;
};

export type JobStatus = "queued" | "running" | "done" | "failed";

export type JobsTable = {
  tenant_id: string;
  id: Generated<string>;
  kind: string;
  /** jsonb: written as JSON text, read back parsed. */
  payload: ColumnType<unknown, string, string>;
  status: ColumnType<JobStatus, JobStatus | undefined, JobStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_after: ColumnType<Date, Date | undefined, Date>;
  progress: Generated<number>;
  error: ColumnType<string | null, string | null | undefined, string | null>;
  lease_owner: ColumnType<string | null, never, string | null>;
  lease_expires_at: ColumnType<Date | null, never, Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

// Content (migration 0006). Generated columns (parent_key, container_id, datastream_id) are read-only.
type ObjectKind = "container" | "datastream";
type GeneratedUuid = ColumnType<string | null, never, never>;
type ByUser = ColumnType<string | null, string | null | undefined, string | null>;
type OptionalDate = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

type ContentObjectColumns = {
  tenant_id: string;
  id: string;
  label: string;
  type_id: number;
  type_kind: ColumnType<ObjectKind, never, never>;
  color: ColumnType<string | null, string | null | undefined, string | null>;
  published: Generated<boolean>;
  published_at: OptionalDate;
  created_by: ByUser;
  created_at: CreatedAt;
  modified_by: ByUser;
  modified_at: UpdatedAt;
  deleted_at: OptionalDate;
  deleted_by: ByUser;
  /** Migration 0009: the removed container this row went to the trash with; null when live or removed itself. */
  trashed_with: ColumnType<string | null, string | null | undefined, string | null>;
};

export type ContainersTable = ContentObjectColumns;

export type DatastreamsTable = ContentObjectColumns & {
  blob_sha256: string;
  mime_type: string;
  filesize: number;
};

/** Copies of the placed item that triggers fill and keep current (migration 0006); never written by code. */
type Copied<T> = ColumnType<T, never, never>;

export type ContainerEdgesTable = {
  tenant_id: string;
  /** null: the top level. */
  parent_id: string | null;
  parent_key: ColumnType<string, never, never>;
  child_id: string;
  child_sort_key: Copied<string>;
  child_created_at: Copied<Date>;
  child_visible: Copied<boolean>;
  created_at: CreatedAt;
};

export type DatastreamMembershipsTable = {
  tenant_id: string;
  container_id: string;
  datastream_id: string;
  datastream_sort_key: Copied<string>;
  datastream_created_at: Copied<Date>;
  datastream_visible: Copied<boolean>;
  created_at: CreatedAt;
};

/** A change of a folder's live counts, written only by the placement tables' triggers (migration 0014). */
export type FolderCountsTable = {
  tenant_id: string;
  /** A container's id, or ROOT_PARENT_KEY for the top level. */
  folder_key: Copied<string>;
  children: Copied<number>;
  datastreams: Copied<number>;
};

/** Each tenant's content-model version, set by triggers on the model's tables (migration 0015). */
export type ContentModelVersionsTable = {
  tenant_id: string;
  version: ColumnType<string, never, never>;
};

/** Written by triggers only (migration 0025); read by the principal cache. */
export type IamVersionsTable = {
  tenant_id: string;
  version: ColumnType<string, never, never>;
};

type ObjectColumns = { object_type: ObjectKind; object_id: string; container_id: GeneratedUuid; datastream_id: GeneratedUuid };

export type PropertyValuesTable = ObjectColumns & {
  tenant_id: string;
  property_key: string;
  position: number;
  /** jsonb {values, qualifiers}: written as JSON text, read back parsed. */
  value: ColumnType<unknown, string, string>;
};

export type StarsTable = ObjectColumns & { tenant_id: string; user_id: string; created_at: CreatedAt };

export type TagAssignmentsTable = ObjectColumns & { tenant_id: string; tag_id: number; created_at: CreatedAt };

export type ActivityTable = {
  tenant_id: string;
  id: Generated<number>;
  object_type: string;
  object_id: string;
  user_id: ByUser;
  action: string;
  description: string;
  /** jsonb ActivityParams (null for entries older than 0030): written as JSON text, read back parsed. */
  params: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
};

export type SurveysTable = {
  tenant_id: string;
  id: string;
  label: string;
  description: string;
  survey_type: string;
  open_at: Date | null;
  close_at: Date | null;
  locked: boolean;
  locked_message: string;
  submission_message: string;
  version: number;
  question_count: number;
  response_count: number;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type SurveyVersionsTable = {
  tenant_id: string;
  survey_id: string;
  version: number;
  sections: unknown;
  questions: unknown;
  created_at: CreatedAt;
};

export type SurveyResponsesTable = {
  tenant_id: string;
  survey_id: string;
  id: string;
  version: number;
  email: string;
  first_name: string;
  last_name: string;
  organization: string;
  answers: unknown;
  search_text: ColumnType<string, never, never>;
  personal_token_id: string | null;
  idempotency_key: string | null;
  created_at: CreatedAt;
};

export type SurveyAnswerCountsTable = {
  tenant_id: string;
  survey_id: string;
  question_id: string;
  answer_key: string;
  count: number;
};

export type SurveyTextAnswersTable = {
  tenant_id: string;
  survey_id: string;
  response_id: string;
  question_id: string;
  is_other: boolean;
  value: string;
  created_at: Date | string;
};

export type StoriesTable = {
  tenant_id: string;
  id: string;
  title: string;
  description: string;
  story_type: string;
  aspect_ratio: string;
  orientation: string;
  width: number;
  height: number;
  story_details: ColumnType<unknown, string, string>;
  slide_count: number;
  cover_page: string | null;
  is_template: Generated<boolean>;
  title_key: ColumnType<string, never, never>;
  search_text: ColumnType<string, never, never>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
};

export type WebsitesTable = {
  tenant_id: string;
  id: string;
  name: string;
  description: string;
  story_id: string | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_by: string | null;
  updated_at: UpdatedAt;
};

export type StoryTagsTable = {
  tenant_id: string;
  id: Generated<number>;
  name: string;
  scope: string;
  color: string;
  tag_key: ColumnType<string, never, never>;
  search_text: ColumnType<string, never, never>;
  created_at: CreatedAt;
};

export type StoryTagLinksTable = { tenant_id: string; story_id: string; tag_id: number };

export type SlideTemplatesTable = {
  tenant_id: string;
  id: string;
  title: string;
  description: string;
  cover_page: string | null;
  aspect_ratio: string;
  orientation: string;
  slide_details: ColumnType<unknown, string, string>;
  created_by: string;
  created_at: CreatedAt;
};

export type DerivativeStatus = "ready" | "failed" | "unsupported" | "unavailable";

export type DerivativesTable = {
  tenant_id: string;
  source_sha256: string;
  kind: "thumb" | "preview";
  status: DerivativeStatus;
  sha256: string | null;
  mime_type: string | null;
  size: number | null;
  width: number | null;
  height: number | null;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

/** Migration 0027: an image source's upright size for IIIF (or why it cannot be served). */
export type IiifImagesTable = {
  tenant_id: string;
  source_sha256: string;
  width: number | null;
  height: number | null;
  error: string | null;
  created_at: CreatedAt;
};

/** Migration 0027: a rendered IIIF tile or size, by its request's canonical form; its bytes in the derivative store. */
export type IiifTilesTable = {
  tenant_id: string;
  source_sha256: string;
  canonical: string;
  sha256: string;
  mime_type: string;
  size: number;
  created_at: CreatedAt;
};

/** Migration 0010: search documents, written only by triggers (docs/decisions/0003-content-search.md). */
type SearchDocumentColumns = {
  tenant_id: string;
  object_type: "container" | "datastream";
  object_id: string;
  type_id: number;
  visible: boolean;
  label_key: string;
};
export type SearchLabelsTable = SearchDocumentColumns & { label_words: ColumnType<string, never, never> };
export type SearchTextsTable = SearchDocumentColumns & { body: string; words: ColumnType<string, never, never> };
export type SearchWordsTable = { tenant_id: string; word: string };

export type ScreenDevicesTable = {
  tenant_id: string;
  id: string;
  secret_hash: string;
  activation_code: string;
  code_expires_at: Date;
  paired_at: Date | null;
  media_key: string | null;
  revoked_at: Date | null;
  last_seen_at: Date | null;
  created_at: CreatedAt;
};

export type ScreensTable = {
  tenant_id: string;
  id: string;
  name: string;
  description: string;
  token: string | null;
  device_id: string | null;
  story_id: string | null;
  last_seen_at: Date | null;
  screenshot: Buffer | null;
  screenshot_thumb: Buffer | null;
  screenshot_at: Date | null;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
};

export type ScreenCommandsTable = {
  tenant_id: string;
  id: string;
  screen_id: string;
  type: string;
  created_at: CreatedAt;
  done_at: Date | null;
};

/** A tenant's OAI-PMH settings (migration 0026); `dublin_core` null: the defaults from property names. */
export type OaiSettingsTable = {
  tenant_id: string;
  admin_email: string | null;
  dublin_core: Record<string, string[]> | null;
  updated_at: UpdatedAt;
};

/** A user's app password for HTTP Basic clients (migration 0028); only the secret's SHA-256 is kept. */
export type AppPasswordsTable = {
  tenant_id: string;
  id: Generated<string>;
  user_id: string;
  name: string;
  secret_hash: string;
  created_at: CreatedAt;
  last_used_at: ColumnType<Date | null, never, Date>;
};

/** What a harvester sees of a container ever published; written only by triggers (migration 0026). */
export type OaiRecordsTable = {
  tenant_id: string;
  container_id: string;
  datestamp: Date;
  deleted: Generated<boolean>;
  deleted_sets: string[] | null;
};

export type WebdavLocksTable = {
  tenant_id: string;
  token: string;
  path: string;
  deep: boolean;
  exclusive: boolean;
  owner_xml: Generated<string>;
  user_id: string;
  expires_at: Date;
};

export type WebdavPropertiesTable = {
  tenant_id: string;
  object_id: string;
  namespace: string;
  name: string;
  value_xml: string;
};

export type Database = {
  tenants: TenantsTable;
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  group_permissions: GroupPermissionsTable;
  system_settings: SystemSettingsTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  tags: TagsTable;
  property_namespaces: PropertyNamespacesTable;
  property_qualifiers: PropertyQualifiersTable;
  property_groups: PropertyGroupsTable;
  properties: PropertiesTable;
  property_qualifier_links: PropertyQualifierLinksTable;
  content_types: ContentTypesTable;
  content_type_acceptance: ContentTypeAcceptanceTable;
  content_type_properties: ContentTypePropertiesTable;
  vocabularies: VocabulariesTable;
  vocabulary_terms: VocabularyTermsTable;
  blobs: BlobsTable;
  jobs: JobsTable;
  derivatives: DerivativesTable;
  iiif_images: IiifImagesTable;
  iiif_tiles: IiifTilesTable;
  containers: ContainersTable;
  datastreams: DatastreamsTable;
  container_edges: ContainerEdgesTable;
  datastream_memberships: DatastreamMembershipsTable;
  folder_counts: FolderCountsTable;
  content_model_versions: ContentModelVersionsTable;
  iam_versions: IamVersionsTable;
  property_values: PropertyValuesTable;
  stars: StarsTable;
  tag_assignments: TagAssignmentsTable;
  activity: ActivityTable;
  search_labels: SearchLabelsTable;
  search_texts: SearchTextsTable;
  search_words: SearchWordsTable;
  surveys: SurveysTable;
  survey_versions: SurveyVersionsTable;
  survey_responses: SurveyResponsesTable;
  survey_answer_counts: SurveyAnswerCountsTable;
  survey_text_answers: SurveyTextAnswersTable;
  contacts: ContactsTable;
  stories: StoriesTable;
  story_tags: StoryTagsTable;
  story_tag_links: StoryTagLinksTable;
  slide_templates: SlideTemplatesTable;
  assets: AssetsTable;
  story_exports: StoryExportsTable;
  websites: WebsitesTable;
  guides: GuidesTable;
  guide_onboarding: GuideOnboardingTable;
  screen_devices: ScreenDevicesTable;
  screens: ScreensTable;
  screen_commands: ScreenCommandsTable;
  oai_settings: OaiSettingsTable;
  oai_records: OaiRecordsTable;
  app_passwords: AppPasswordsTable;
  webdav_locks: WebdavLocksTable;
  webdav_properties: WebdavPropertiesTable;
};
