// Tags: listing for every signed-in user, and validated create, update and delete.
import { HEX_COLOR_PATTERN, type Page, type Tag, type TagBody, type TagListQuery, type TagUpdateBody, toPage } from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import * as repo from "./repository.ts";

function toTag(row: repo.TagRow): Tag {
  return { id: row.id, name: row.name, description: row.description, color: row.color, scope: row.scope };
}

/** The stored fields: the colour checked (spec: 'Invalid hex color value: {value}') and kept in lower case. */
function tagFields(body: TagBody): repo.TagFields {
  if (!HEX_COLOR_PATTERN.test(body.color)) throw new BadRequest(`Invalid hex color value: ${body.color}`);
  return { name: body.name, description: body.description, color: body.color.toLowerCase(), scope: body.scope };
}

async function assertNameFree(trx: Trx, { scope, name }: repo.TagFields, exceptId?: number) {
  const clash = await repo.findTagIdByName(trx, scope, name);
  if (clash !== undefined && clash !== exceptId) throw new Conflict(`A tag named '${name}' already exists in scope '${scope}'`);
}

export function createTagsService() {
  return {
    async list(ctx: RequestContext, query: TagListQuery): Promise<Page<Tag>> {
      const filter = { scope: query.scope, search: query.q };
      return ctx.db.transaction(async (trx) => {
        const [rows, total] = await Promise.all([
          repo.listTags(trx, { ...filter, offset: query.page * query.size, limit: query.size }),
          repo.countTags(trx, filter),
        ]);
        return toPage(rows.map(toTag), total, query);
      });
    },

    async get(ctx: RequestContext, id: number): Promise<Tag> {
      const row = await ctx.db.transaction((trx) => repo.getTag(trx, id));
      if (!row) throw new NotFound(`Tag ${id} not found`);
      return toTag(row);
    },

    async create(ctx: RequestContext, body: TagBody): Promise<Tag> {
      const fields = tagFields(body);
      return ctx.db.transaction(async (trx) => {
        await assertNameFree(trx, fields);
        return toTag(await repo.insertTag(trx, ctx.tenant.id, fields));
      });
    },

    async update(ctx: RequestContext, id: number, body: TagUpdateBody): Promise<Tag> {
      if (body.id !== undefined && body.id !== id) throw new BadRequest("id in the body does not match the path");
      const fields = tagFields(body);
      return ctx.db.transaction(async (trx) => {
        if (!(await repo.getTag(trx, id))) throw new NotFound(`Tag ${id} not found`);
        await assertNameFree(trx, fields, id);
        const row = await repo.updateTag(trx, id, fields);
        if (!row) throw new NotFound(`Tag ${id} not found`);
        return toTag(row);
      });
    },

    /** Assignments of the tag (tables referencing it with on delete cascade) go with it. */
    async delete(ctx: RequestContext, id: number): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        if (!(await repo.deleteTag(trx, id))) throw new NotFound(`Tag ${id} not found`);
      });
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;
