// SQL for guides and their onboarding images. Every function runs inside a tenant transaction (row-level security).
import { sql } from "kysely";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type GuideRow = {
  id: string;
  title: string;
  description: string;
  languages: unknown;
  welcome_texts: unknown;
  logo_asset_id: string | null;
  logo_sha256: string | null;
  cover_asset_id: string | null;
  cover_sha256: string | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

/** An onboarding image: the asset and the stored file it names. */
export type OnboardingRow = { guide_id: string; asset_id: string; blob_sha256: string };

export type GuideFields = {
  title: string;
  description: string;
  languages: string[];
  welcome_texts: Record<string, string>;
  logo_asset_id: string | null;
  logo_sha256: string | null;
  cover_asset_id: string | null;
  cover_sha256: string | null;
};

const COLUMNS = [
  "id",
  "title",
  "description",
  "languages",
  "welcome_texts",
  "logo_asset_id",
  "logo_sha256",
  "cover_asset_id",
  "cover_sha256",
  "published_at",
  "created_at",
  "updated_at",
] as const;

const columnsOf = (fields: GuideFields) => ({
  ...fields,
  languages: JSON.stringify(fields.languages),
  welcome_texts: JSON.stringify(fields.welcome_texts),
});

/** Newest first; the id (uuid v7) breaks ties. */
export function listGuides(trx: Trx, page: { offset: number; limit: number }): Promise<GuideRow[]> {
  return trx
    .selectFrom("guides")
    .select(COLUMNS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export async function countGuides(trx: Trx): Promise<number> {
  const { count } = await trx
    .selectFrom("guides")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function findGuide(trx: Trx, id: string): Promise<GuideRow | undefined> {
  return trx.selectFrom("guides").select(COLUMNS).where("id", "=", id).executeTakeFirst();
}

/** Takes the guide's row lock, so two saves of one guide apply one after the other. */
export function lockGuide(trx: Trx, id: string): Promise<GuideRow | undefined> {
  return trx.selectFrom("guides").select(COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
}

/** The onboarding images of these guides, in their order. */
export function onboardingOf(trx: Trx, guideIds: readonly string[]): Promise<OnboardingRow[]> {
  if (guideIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom("guide_onboarding as o")
    .innerJoin("assets as a", (join) => join.onRef("a.tenant_id", "=", "o.tenant_id").onRef("a.id", "=", "o.asset_id"))
    .select(["o.guide_id", "o.asset_id", "a.blob_sha256"])
    .where("o.guide_id", "in", [...guideIds])
    .orderBy("o.guide_id")
    .orderBy("o.position")
    .execute();
}

export async function insertGuide(trx: Trx, tenantId: string, id: string, fields: GuideFields, createdBy: string): Promise<void> {
  await trx
    .insertInto("guides")
    .values({ tenant_id: tenantId, id, created_by: createdBy, ...columnsOf(fields) })
    .execute();
}

export async function updateGuide(trx: Trx, id: string, fields: GuideFields): Promise<void> {
  await trx
    .updateTable("guides")
    .set({ ...columnsOf(fields), updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

export async function setPublished(trx: Trx, id: string, isPublished: boolean): Promise<void> {
  await trx
    .updateTable("guides")
    .set({ published_at: isPublished ? sql`now()` : null, updated_at: sql`now()` })
    .where("id", "=", id)
    .execute();
}

/** Replaces the guide's onboarding images with these assets, in this order. */
export async function replaceOnboarding(trx: Trx, tenantId: string, guideId: string, assetIds: readonly string[]): Promise<void> {
  await trx.deleteFrom("guide_onboarding").where("guide_id", "=", guideId).execute();
  if (assetIds.length === 0) return;
  await trx
    .insertInto("guide_onboarding")
    .values(assetIds.map((assetId, position) => ({ tenant_id: tenantId, guide_id: guideId, position, asset_id: assetId })))
    .execute();
}

export async function deleteGuide(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom("guides").where("id", "=", id).execute();
}
