// Slide templates (spec 3 §3): the defaults of every ratio and orientation (default-templates.ts), then the slides
// authors saved, newest first. Every author of the tenant sees the saved ones; only the one who saved a template may
// delete it, and the defaults cannot be deleted.
import {
  type AspectRatio,
  type Orientation,
  type Page,
  picturesOfSlide,
  type SlideDetails,
  type SlideTemplate,
  type SlideTemplateBody,
  type SlideTemplateListQuery,
  toPage,
} from "@repox/contracts";
import { Forbidden, NotFound } from "../../platform/errors.ts";
import { type RequestContext, signedIn } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import { defaultTemplates, isDefaultTemplateId } from "./default-templates.ts";
import { checkPictures, type DatastreamReader } from "./pictures.ts";
import * as repo from "./slide-templates.repository.ts";

function toTemplate(row: repo.SlideTemplateRow): SlideTemplate {
  return {
    id: row.id,
    uuid: row.id,
    title: row.title,
    description: row.description,
    coverPage: row.cover_page,
    aspectRatio: row.aspect_ratio as AspectRatio,
    orientation: row.orientation as Orientation,
    slideDetails: row.slide_details as SlideDetails,
    isDefault: false,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function createSlideTemplatesService({ datastreams }: { datastreams: DatastreamReader }) {
  return {
    /** One list, defaults first: a page may hold the last defaults and the first saved templates. */
    async list(ctx: RequestContext, query: SlideTemplateListQuery): Promise<Page<SlideTemplate>> {
      const filter = { aspectRatio: query.aspectRatio, orientation: query.orientation };
      const defaults = query.kind === "SAVED" ? [] : defaultTemplates(filter);
      const offset = query.page * query.size;
      const fromDefaults = defaults.slice(offset, offset + query.size);
      if (query.kind === "DEFAULT") return toPage(fromDefaults, defaults.length, query);
      return ctx.db.transaction(async (trx) => {
        const savedOffset = Math.max(0, offset - defaults.length);
        const rows = await repo.listTemplates(trx, filter, { offset: savedOffset, limit: query.size - fromDefaults.length });
        const total = defaults.length + (await repo.countTemplates(trx, filter));
        return toPage([...fromDefaults, ...rows.map(toTemplate)], total, query);
      });
    },

    async create(ctx: RequestContext, body: SlideTemplateBody): Promise<SlideTemplate> {
      const user = signedIn(ctx).user;
      const id = uuidv7();
      return ctx.db.transaction(async (trx) => {
        await checkPictures(trx, datastreams, picturesOfSlide(body.slideDetails, ["slideDetails"]), {
          uuid: body.coverPage,
          path: ["coverPage"],
        });
        await repo.insertTemplate(trx, {
          tenant_id: ctx.tenant.id,
          id,
          title: body.title,
          description: body.description,
          cover_page: body.coverPage,
          aspect_ratio: body.aspectRatio,
          orientation: body.orientation,
          slide_details: JSON.stringify(body.slideDetails),
          created_by: user.id,
        });
        const row = await repo.getTemplate(trx, id);
        if (!row) throw new NotFound(`Slide template ${id} not found`);
        return toTemplate(row);
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      const user = signedIn(ctx).user;
      if (isDefaultTemplateId(id)) throw new Forbidden("Default slide templates cannot be deleted");
      await ctx.db.transaction(async (trx) => {
        const row = await repo.getTemplate(trx, id);
        if (!row) throw new NotFound(`Slide template ${id} not found`);
        if (row.created_by !== user.id) throw new Forbidden("Only the author of a saved slide template can delete it");
        await repo.deleteTemplate(trx, id);
      });
    },
  };
}

export type SlideTemplatesService = ReturnType<typeof createSlideTemplatesService>;
