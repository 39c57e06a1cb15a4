// Surveys for the people who make them: list, read, create, update (a new version of the questions only when they
// changed), delete; the Activity tab; deleting responses (with their counters); the share link and e-mailed links.
import {
  type ActivityItem,
  type ActivityQuery,
  type Answer,
  type CheckedSurveyBody,
  formatSurveyTime,
  normalizeQuestion,
  type Page,
  parseSurveyTime,
  type Question,
  type Section,
  type ShareBody,
  type ShareResult,
  SURVEY_DEFAULTS,
  SURVEY_EMAIL_PATTERN,
  type Survey,
  type SurveyLink,
  type SurveyListQuery,
  type SurveySummary,
  type SurveyType,
  sanitizeRichText,
  surveyListState,
  toPage,
} from "@repox/contracts";
import { listActivity, recordActivities, recordActivity } from "../../platform/activity/activity.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import type { Mailer } from "../../platform/mail.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import * as repo from "./repository.ts";
import { responseCounterChanges, sumCounterChanges } from "./response-counters.ts";
import { describeChanges, type StoredSurvey, sameStructure } from "./survey-changes.ts";
import type { SurveyTokens } from "./tokens.ts";

export type SurveysDeps = { tokens: SurveyTokens; mailer: Mailer };

/** E-mails of one share go out this many at a time, so 500 recipients do not open 500 SMTP connections at once. */
const SHARE_DELIVERY_CONCURRENCY = 4;

const time = (value: Date | null) => (value === null ? null : formatSurveyTime(new Date(value).getTime()));
const toDate = (value: string | null) => (value === null ? null : new Date(parseSurveyTime(value)));

export function toSurveySummary(row: repo.SurveyRow, now = Date.now()): SurveySummary {
  const openAt = time(row.open_at);
  const closeAt = time(row.close_at);
  return {
    uuid: row.id,
    label: row.label,
    description: row.description,
    surveyType: row.survey_type as SurveyType,
    openAt,
    closeAt,
    locked: row.locked,
    ...surveyListState({ openAt, closeAt, locked: row.locked }, now),
    questionCount: row.question_count,
    responseCount: row.response_count,
    createdAt: formatSurveyTime(new Date(row.created_at).getTime()),
    updatedAt: formatSurveyTime(new Date(row.updated_at).getTime()),
  };
}

export function toSurvey(row: repo.SurveyWithVersionRow): Survey {
  return {
    ...toSurveySummary(row),
    lockedMessage: row.locked_message,
    submissionMessage: row.submission_message,
    sections: row.sections,
    questions: row.questions,
    email: "",
    firstName: "",
    lastName: "",
    organization: "",
  };
}

function stored(row: repo.SurveyWithVersionRow): StoredSurvey {
  return {
    label: row.label,
    description: row.description,
    surveyType: row.survey_type,
    openAt: time(row.open_at),
    closeAt: time(row.close_at),
    locked: row.locked,
    lockedMessage: row.locked_message,
    submissionMessage: row.submission_message,
    sections: row.sections,
    questions: row.questions,
  };
}

/** The body in the form it is kept: questions normalised, section HTML sanitised, an empty locked message defaulted. */
function toStored(body: CheckedSurveyBody): StoredSurvey {
  const sections: Section[] = body.sections.map((section) => ({ ...section, description: sanitizeRichText(section.description) }));
  const questions: Question[] = body.questions.map(normalizeQuestion);
  return {
    label: body.label,
    description: body.description,
    surveyType: body.surveyType,
    openAt: body.openAt,
    closeAt: body.closeAt,
    locked: body.locked,
    lockedMessage: body.lockedMessage.trim() || SURVEY_DEFAULTS.lockedMessage,
    submissionMessage: body.submissionMessage,
    sections,
    questions,
  };
}

function surveyColumns(survey: StoredSurvey) {
  return {
    label: survey.label,
    description: survey.description,
    survey_type: survey.surveyType,
    open_at: toDate(survey.openAt),
    close_at: toDate(survey.closeAt),
    locked: survey.locked,
    locked_message: survey.lockedMessage,
    submission_message: survey.submissionMessage,
    question_count: survey.questions.length,
  };
}

export async function requireSurvey(trx: Trx, id: string, lock = false): Promise<repo.SurveyWithVersionRow> {
  const row = await repo.getSurvey(trx, id, lock);
  if (!row) throw new NotFound(`Survey ${id} not found`);
  return row;
}

export function createSurveysService(deps: SurveysDeps) {
  const { tokens, mailer } = deps;

  const linkOf = (ctx: RequestContext, origin: string, surveyId: string, token: string) =>
    `${origin.replace(/\/+$/, "")}/${ctx.tenant.code}/survey/${surveyId}?t=${encodeURIComponent(token)}`;

  return {
    async list(ctx: RequestContext, query: SurveyListQuery): Promise<Page<SurveySummary>> {
      return ctx.db.transaction(async (trx) => {
        const search = query.q?.trim() || undefined;
        const rows = await repo.listSurveys(trx, { offset: query.page * query.size, limit: query.size, search, sort: query.sort });
        const total = await repo.countSurveys(trx, search);
        const now = Date.now();
        return toPage(
          rows.map((row) => toSurveySummary(row, now)),
          total,
          query,
        );
      });
    },

    async get(ctx: RequestContext, id: string): Promise<Survey> {
      return ctx.db.transaction(async (trx) => toSurvey(await requireSurvey(trx, id)));
    },

    async create(ctx: RequestContext, body: CheckedSurveyBody): Promise<Survey> {
      const survey = toStored(body);
      const id = uuidv7();
      return ctx.db.transaction(async (trx) => {
        await repo.insertSurvey(trx, {
          tenant_id: ctx.tenant.id,
          id,
          ...surveyColumns(survey),
          version: 1,
          response_count: 0,
          created_by: ctx.user?.id ?? null,
        });
        await repo.insertVersion(trx, {
          tenant_id: ctx.tenant.id,
          survey_id: id,
          version: 1,
          sections: survey.sections,
          questions: survey.questions,
        });
        await recordActivity(trx, ctx, {
          objectType: "survey",
          objectId: id,
          action: "created",
          params: { what: "surveyCreated", label: survey.label },
        });
        return toSurvey(await requireSurvey(trx, id));
      });
    },

    async update(ctx: RequestContext, id: string, body: CheckedSurveyBody): Promise<Survey> {
      const after = toStored(body);
      return ctx.db.transaction(async (trx) => {
        const current = await requireSurvey(trx, id, true);
        const before = stored(current);
        const entries = describeChanges(id, before, after);
        if (entries.length === 0) return toSurvey(current);
        const isNewVersion = !sameStructure(before, after);
        const version = isNewVersion ? current.version + 1 : current.version;
        if (isNewVersion) {
          await repo.insertVersion(trx, {
            tenant_id: ctx.tenant.id,
            survey_id: id,
            version,
            sections: after.sections,
            questions: after.questions,
          });
        }
        await repo.updateSurvey(trx, id, { ...surveyColumns(after), version });
        await recordActivities(trx, ctx, entries);
        return toSurvey(await requireSurvey(trx, id));
      });
    },

    async remove(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, id, true);
        await repo.deleteSurvey(trx, id);
      });
    },

    async activity(ctx: RequestContext, id: string, query: ActivityQuery): Promise<Page<ActivityItem>> {
      return ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, id);
        return listActivity(trx, "survey", id, query);
      });
    },

    /** Deletes one response and takes what it added from the counters (its texts go with it by cascade). */
    async deleteResponse(ctx: RequestContext, id: string, responseId: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        // The survey row lock first, as submissions take it before the counters: one lock order, no deadlocks.
        await requireSurvey(trx, id, true);
        const response = await repo.getResponse(trx, id, responseId);
        if (!response) throw new NotFound(`Response ${responseId} not found`);
        const version = (await repo.getVersions(trx, id, [response.version])).get(response.version);
        await repo.deleteResponse(trx, id, responseId);
        await repo.changeResponseCount(trx, id, -1);
        if (version) {
          const changes = sumCounterChanges(responseCounterChanges(version, response.answers as Answer[], -1));
          await repo.changeCounts(trx, ctx.tenant.id, id, changes);
        }
        await recordActivity(trx, ctx, {
          objectType: "survey",
          objectId: id,
          action: "response_deleted",
          params: { what: "responseDeleted" },
        });
      });
    },

    async deleteAllResponses(ctx: RequestContext, id: string): Promise<void> {
      await ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, id, true);
        const deleted = await repo.deleteAllResponses(trx, id);
        await repo.clearCounts(trx, id);
        await repo.setResponseCount(trx, id, 0);
        await recordActivity(trx, ctx, {
          objectType: "survey",
          objectId: id,
          action: "responses_deleted",
          params: { what: "responsesDeleted", count: deleted },
        });
      });
    },

    /** The Share modal's link: anyone holding it may answer (and, for a SIGNED_URL survey, only they may). */
    async link(ctx: RequestContext, id: string, origin: string): Promise<SurveyLink> {
      await ctx.db.transaction((trx) => requireSurvey(trx, id));
      const token = tokens.issue({ tenantId: ctx.tenant.id, surveyId: id });
      return { url: linkOf(ctx, origin, id, token), token };
    },

    /** One e-mail per recipient with a personal link (it answers once and fills in the recipient's address). */
    async share(ctx: RequestContext, id: string, body: ShareBody, origin: string): Promise<ShareResult> {
      const bad = body.toRecipients.filter((address) => !SURVEY_EMAIL_PATTERN.test(address));
      if (bad.length > 0) {
        const named = bad.slice(0, 10).map((address) => `'${address}'`);
        const more = bad.length > 10 ? ` and ${bad.length - 10} more` : "";
        throw new BadRequest(`toRecipients: not valid e-mail addresses: ${named.join(", ")}${more}`);
      }
      const seen = new Set<string>();
      const recipients = body.toRecipients.filter((address) => {
        const folded = address.toLowerCase();
        if (seen.has(folded)) return false;
        seen.add(folded);
        return true;
      });
      const mailIds = await ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, id);
        const ids: number[] = [];
        for (const to of recipients) {
          const link = linkOf(ctx, origin, id, tokens.issue({ tenantId: ctx.tenant.id, surveyId: id, email: to }));
          ids.push(await mailer.enqueue(trx, ctx.tenant.id, { to, subject: body.subject, text: `${body.message}\n\n${link}\n` }));
        }
        await recordActivity(trx, ctx, {
          objectType: "survey",
          objectId: id,
          action: "shared",
          params: { what: "shared", count: recipients.length },
        });
        return ids;
      });
      const queue = [...mailIds];
      const worker = async () => {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) await mailer.deliver(ctx.db, next);
      };
      for (let i = 0; i < SHARE_DELIVERY_CONCURRENCY; i++) void worker();
      return { sent: recipients.length };
    },
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
