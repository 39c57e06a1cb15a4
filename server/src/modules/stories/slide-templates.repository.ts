// SQL for the slide templates authors save. Runs inside tenant transactions (row-level security).
import type { AspectRatio, Orientation } from "@repox/contracts";
import type { Insertable } from "kysely";
import type { SlideTemplatesTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type SlideTemplateRow = {
  id: string;
  title: string;
  description: string;
  cover_page: string | null;
  aspect_ratio: string;
  orientation: string;
  slide_details: unknown;
  created_by: string;
  created_at: Date;
};

export type TemplateFilter = { aspectRatio?: AspectRatio | undefined; orientation?: Orientation | undefined };

const columns = [
  "st.id",
  "st.title",
  "st.description",
  "st.cover_page",
  "st.aspect_ratio",
  "st.orientation",
  "st.slide_details",
  "st.created_by",
  "st.created_at",
] as const;

function saved(trx: Trx, filter: TemplateFilter) {
  return trx
    .selectFrom("slide_templates as st")
    .$if(!!filter.aspectRatio, (q) => q.where("st.aspect_ratio", "=", filter.aspectRatio ?? ""))
    .$if(!!filter.orientation, (q) => q.where("st.orientation", "=", filter.orientation ?? ""));
}

export async function countTemplates(trx: Trx, filter: TemplateFilter): Promise<number> {
  const { count } = await saved(trx, filter)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Newest first. */
export function listTemplates(trx: Trx, filter: TemplateFilter, page: { offset: number; limit: number }): Promise<SlideTemplateRow[]> {
  if (page.limit <= 0) return Promise.resolve([]);
  return saved(trx, filter)
    .select(columns)
    .orderBy("st.created_at", "desc")
    .orderBy("st.id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

export function getTemplate(trx: Trx, id: string): Promise<SlideTemplateRow | undefined> {
  return trx.selectFrom("slide_templates as st").select(columns).where("st.id", "=", id).executeTakeFirst();
}

export async function insertTemplate(trx: Trx, row: Insertable<SlideTemplatesTable>): Promise<void> {
  await trx.insertInto("slide_templates").values(row).execute();
}

export async function deleteTemplate(trx: Trx, id: string): Promise<void> {
  await trx.deleteFrom("slide_templates").where("id", "=", id).execute();
}
