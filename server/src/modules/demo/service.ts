// Seeds the demo content model and tags into a tenant (the default tenant's first start, `repox seed-demo`).
// It goes through the content-model import and the vocabularies and tags services, so every rule of those areas
// applies. What a tenant has already is left alone: identical items are skipped, the tenant's own differing ones kept.
import { type ContentModelFile, type ContentModelItemKind, LIMITS, type TagBody } from "@repox/contracts";
import type { Db } from "../../platform/db/database.ts";
import { tenantDb } from "../../platform/db/tenant-transaction.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { createTenantResolver } from "../../platform/tenancy.ts";
import type { ContentModelService } from "../content-model/service.ts";
import type { TagsService } from "../tags/service.ts";
import type { VocabulariesService } from "../vocabularies/service.ts";
import { DEMO_CONTENT_MODEL, DEMO_SUBJECTS_FILE_UUID, DEMO_SUBJECTS_NAME, DEMO_TAGS } from "./demo-content-model.ts";

export type DemoItem = { kind: ContentModelItemKind | "tag"; code: string };
/** created: new in the tenant; skipped: there already, identical; kept: the tenant has its own, different one. */
export type DemoSeedReport = { created: DemoItem[]; skipped: DemoItem[]; kept: { item: DemoItem; reason: string }[] };

type DemoDeps = { contentModel: ContentModelService; vocabularies: VocabulariesService; tags: TagsService };

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The seed acts for the operator, not for a signed-in user: the services it calls check rules, not permissions. */
async function operatorContext(db: Db, tenantCode: string): Promise<RequestContext> {
  const tenant = await createTenantResolver(db).resolve(tenantCode);
  return { tenant, user: null, permissions: new Set(), db: tenantDb(db, tenant.id) };
}

/** A tenant that has a Subjects vocabulary of its own keeps it, and the demo's subject property draws on it. */
async function withTenantSubjects(
  ctx: RequestContext,
  vocabularies: VocabulariesService,
  model: ContentModelFile,
): Promise<ContentModelFile> {
  const found = await vocabularies.list(ctx, { page: 0, size: LIMITS.maxPageSize, q: DEMO_SUBJECTS_NAME });
  const existing = found.content.find((vocabulary) => sameName(vocabulary.name, DEMO_SUBJECTS_NAME));
  if (!existing) return model;
  const properties = model.properties?.map((property) => {
    if (property.propertyType !== "vocabulary-flat") return property;
    const details = JSON.parse(property.propertyDetails) as { vocabularyId?: string };
    if (details.vocabularyId !== DEMO_SUBJECTS_FILE_UUID) return property;
    return { ...property, propertyDetails: JSON.stringify({ ...details, vocabularyId: existing.uuid }) };
  });
  return { ...model, properties };
}

async function seedTag(ctx: RequestContext, tags: TagsService, tag: TagBody, report: DemoSeedReport): Promise<void> {
  const item: DemoItem = { kind: "tag", code: tag.name };
  const found = await tags.list(ctx, { scope: tag.scope, q: tag.name, page: 0, size: LIMITS.maxPageSize });
  const existing = found.content.find((candidate) => sameName(candidate.name, tag.name));
  if (!existing) {
    await tags.create(ctx, tag);
    report.created.push(item);
    return;
  }
  const differing = (["description", "color"] as const).filter((field) => existing[field] !== tag[field]);
  if (differing.length === 0) {
    report.skipped.push(item);
    return;
  }
  report.kept.push({ item, reason: `A different tag named '${existing.name}' exists already (it differs in ${differing.join(", ")})` });
}

export function createDemoService(db: Db, { contentModel, vocabularies, tags }: DemoDeps) {
  return {
    /** Unknown tenant: NotFound "Unknown tenant '…'". */
    async seed(tenantCode: string): Promise<DemoSeedReport> {
      const ctx = await operatorContext(db, tenantCode);
      const model = await withTenantSubjects(ctx, vocabularies, DEMO_CONTENT_MODEL);
      const imported = await contentModel.importModel(ctx, model);
      const report: DemoSeedReport = { created: imported.created, skipped: imported.skipped, kept: imported.refused };
      for (const tag of DEMO_TAGS) await seedTag(ctx, tags, tag, report);
      return report;
    },
  };
}

export type DemoService = ReturnType<typeof createDemoService>;
