// SQL for stories, story tags and their links. Every function runs inside a tenant transaction (row-level security).
import type { StorySort } from "@repox/contracts";
import { type Insertable, sql, type Updateable } from "kysely";
import type { StoriesTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type StorySummaryRow = {
  id: string;
  title: string;
  description: string;
  story_type: string;
  aspect_ratio: string;
  orientation: string;
  width: number;
  height: number;
  slide_count: number;
  cover_page: string | null;
  is_template: boolean;
  created_at: Date;
  updated_at: Date;
};
export type StoryRow = StorySummaryRow & { story_details: unknown };
export type StoryTagRow = { id: number; name: string; scope: string; color: string };

const summaryColumns = [
  "s.id",
  "s.title",
  "s.description",
  "s.story_type",
  "s.aspect_ratio",
  "s.orientation",
  "s.width",
  "s.height",
  "s.slide_count",
  "s.cover_page",
  "s.is_template",
  "s.created_at",
  "s.updated_at",
] as const;
const tagColumns = ["t.id", "t.name", "t.scope", "t.color"] as const;

/** `column like %search%`, both folded (lower case, no accents), the search's own % and _ taken literally. */
function contains(column: string, search: string) {
  const escaped = search.replace(/[\\%_]/g, "\\$&");
  return sql<boolean>`${sql.ref(column)} like '%' || repox_search_fold(${escaped}) || '%'`;
}

/** A story matches by title or description, or by the 'scope:name' of one of its tags. */
function storyMatches(search: string) {
  return sql<boolean>`(${contains("s.search_text", search)} or exists (
    select 1 from story_tag_links l join story_tags t on t.tenant_id = l.tenant_id and t.id = l.tag_id
    where l.tenant_id = s.tenant_id and l.story_id = s.id and ${contains("t.search_text", search)}))`;
}

export async function countStories(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("stories as s")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(storyMatches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function listStories(
  trx: Trx,
  options: { offset: number; limit: number; search: string | undefined; sort: StorySort },
): Promise<StorySummaryRow[]> {
  const [field, direction] = options.sort.split(",") as ["title" | "updatedAt", "ASC" | "DESC"];
  const order = direction === "ASC" ? "asc" : "desc";
  return trx
    .selectFrom("stories as s")
    .select(summaryColumns)
    .$if(!!options.search, (q) => q.where(storyMatches(options.search ?? "")))
    .orderBy(field === "title" ? "s.title_key" : "s.updated_at", order)
    .orderBy("s.id", order)
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

export function getStory(trx: Trx, id: string): Promise<StoryRow | undefined> {
  return trx
    .selectFrom("stories as s")
    .select([...summaryColumns, "s.story_details"])
    .where("s.id", "=", id)
    .executeTakeFirst();
}

export async function insertStory(trx: Trx, row: Insertable<StoriesTable>): Promise<void> {
  await trx.insertInto("stories").values(row).execute();
}

export async function updateStory(trx: Trx, id: string, fields: Updateable<StoriesTable>): Promise<boolean> {
  const result = await trx.updateTable("stories").set(fields).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteStory(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("stories").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The tags of each of these stories, in 'scope:name' order. */
export async function tagsOfStories(trx: Trx, storyIds: readonly string[]): Promise<Map<string, StoryTagRow[]>> {
  const byStory = new Map<string, StoryTagRow[]>(storyIds.map((id) => [id, []]));
  if (storyIds.length === 0) return byStory;
  const rows = await trx
    .selectFrom("story_tag_links as l")
    .innerJoin("story_tags as t", (join) => join.onRef("t.tenant_id", "=", "l.tenant_id").onRef("t.id", "=", "l.tag_id"))
    .select(["l.story_id", ...tagColumns])
    .where(sql<boolean>`l.story_id = any(${sql.val([...storyIds])}::uuid[])`)
    .orderBy("t.tag_key")
    .execute();
  for (const { story_id, ...tag } of rows) byStory.get(story_id)?.push(tag);
  return byStory;
}

/** Replaces a story's tags with these (known to exist). */
export async function setStoryTags(trx: Trx, tenantId: string, storyId: string, tagIds: readonly number[]): Promise<void> {
  await trx.deleteFrom("story_tag_links").where("story_id", "=", storyId).execute();
  if (tagIds.length === 0) return;
  await trx
    .insertInto("story_tag_links")
    .values(tagIds.map((tagId) => ({ tenant_id: tenantId, story_id: storyId, tag_id: tagId })))
    .execute();
}

/** Which of these tag ids exist in the tenant. */
export async function existingTagIds(trx: Trx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await trx
    .selectFrom("story_tags")
    .select("id")
    .where(sql<boolean>`id = any(${sql.val([...ids])}::integer[])`)
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function countStoryTags(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("story_tags as t")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(contains("t.search_text", search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function listStoryTags(trx: Trx, options: { offset: number; limit: number; search: string | undefined }): Promise<StoryTagRow[]> {
  return trx
    .selectFrom("story_tags as t")
    .select(tagColumns)
    .$if(!!options.search, (q) => q.where(contains("t.search_text", options.search ?? "")))
    .orderBy("t.tag_key")
    .orderBy("t.id")
    .offset(options.offset)
    .limit(options.limit)
    .execute();
}

/** Adds a tag; undefined when a tag of the same scope and name (in any case) exists already. */
export async function insertStoryTag(
  trx: Trx,
  tenantId: string,
  tag: { name: string; scope: string; color: string },
): Promise<StoryTagRow | undefined> {
  return trx
    .insertInto("story_tags")
    .values({ tenant_id: tenantId, ...tag })
    .onConflict((conflict) => conflict.columns(["tenant_id", "tag_key"]).doNothing())
    .returning(["id", "name", "scope", "color"])
    .executeTakeFirst();
}
