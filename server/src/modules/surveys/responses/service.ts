// Reading a survey's responses: the paged list with its contact search, one response with the questions it answered,
// the individual view's pager, the summary (from counters and the latest-texts index, so it stays fast at 100 000
// responses), 'View more' pages of free texts, the streamed xlsx export and the public summary.

import type { Readable } from "node:stream";
import {
  formatSurveyTime,
  type Page,
  type PublicSummary,
  type Question,
  type ResponseListItem,
  type ResponseListQuery,
  type ResponseSummary,
  type Section,
  SURVEY_LIMITS,
  type SummaryAnswersPage,
  type SurveyResponse,
  surveyExportFileName,
  toPage,
} from "@repox/contracts";
import type { Trx } from "../../../platform/db/tenant-transaction.ts";
import { BadRequest, Forbidden, NotFound } from "../../../platform/errors.ts";
import type { RequestContext } from "../../../platform/http/access.ts";
import { TOKEN_MESSAGES } from "../tokens.ts";
import { type ExportResponse, responsesWorkbook } from "./export.ts";
import * as repo from "./repository.ts";
import { buildSummary, everyText, publicTexts, type TextPolicy, textListKey, textListOf } from "./summary.ts";

/** Export rows read per short transaction. */
/** Short pages keep what is alive at a young collection small (docs/performance.md, `surveys`). */
const EXPORT_PAGE = 250;
const L = SURVEY_LIMITS;

/**
 * Checks that `token` (the `t` of a shared link) is a valid link to the survey in the caller's tenant, throwing
 * Forbidden with the reason otherwise: tokens.ts, wired in services.ts.
 */
export type SurveyTokenCheck = (ctx: RequestContext, surveyId: string, token: string) => unknown;

export type SurveyResponsesDeps = { verifyToken: SurveyTokenCheck };

type Version = { sections: Section[]; questions: Question[] };

function versionOf(row: { sections: unknown; questions: unknown }): Version {
  return { sections: row.sections as Section[], questions: row.questions as Question[] };
}

function toListItem(row: repo.ResponseRow): ResponseListItem {
  return {
    uuid: row.id,
    createdAt: formatSurveyTime(new Date(row.created_at).getTime()),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    organization: row.organization,
  };
}

async function requireSurvey(trx: Trx, surveyId: string): Promise<repo.SurveyHead> {
  const survey = await repo.findSurvey(trx, surveyId);
  if (!survey) throw new NotFound(`Survey ${surveyId} not found`);
  return survey;
}

/** The summary's counters and latest texts, read in the caller's transaction. */
async function summaryOf(trx: Trx, survey: repo.SurveyHead, mayShowTexts: TextPolicy): Promise<ResponseSummary> {
  const version = versionOf(survey);
  const lists = version.questions.flatMap((question) => {
    const list = textListOf(question);
    return list && mayShowTexts(question) ? [list] : [];
  });
  const counterRows = await repo.listAnswerCounts(trx, survey.id);
  const textRows = await repo.latestTexts(trx, survey.id, lists, L.summaryFirstAnswers);
  const counts = new Map<string, Map<string, number>>();
  for (const row of counterRows) {
    const own = counts.get(row.question_id) ?? new Map<string, number>();
    own.set(row.answer_key, Number(row.count));
    counts.set(row.question_id, own);
  }
  const texts = new Map<string, string[]>();
  for (const row of textRows) {
    const key = textListKey(row.question_id, row.is_other);
    texts.set(key, [...(texts.get(key) ?? []), row.value]);
  }
  const total = Number(survey.response_count);
  return {
    totalResponseCount: total,
    sections: version.sections,
    totalResponseSummary: buildSummary(version, total, counts, texts, mayShowTexts),
  };
}

/** `<label>-responses.xlsx`, with the characters file systems refuse replaced and a long label shortened. */
export function exportFileName(label: string): string {
  return surveyExportFileName(label.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").slice(0, 150));
}

export function createSurveyResponsesService(deps: SurveyResponsesDeps) {
  return {
    /** Newest first; `q` matches e-mail and names, case- and accent-insensitively. */
    async list(ctx: RequestContext, surveyId: string, query: ResponseListQuery): Promise<Page<ResponseListItem>> {
      return ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, surveyId);
        const q = query.q?.trim() || undefined;
        const rows = await repo.listResponses(trx, surveyId, { offset: query.page * query.size, limit: query.size, q });
        const total = await repo.countResponses(trx, surveyId, q);
        return toPage(rows.map(toListItem), total, query);
      });
    },

    /** One response with the sections and questions of the version it answered (later edits do not change it). */
    async get(ctx: RequestContext, surveyId: string, responseId: string): Promise<SurveyResponse> {
      return ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, surveyId);
        const row = await repo.findResponse(trx, surveyId, responseId);
        if (!row) throw new NotFound(`Response ${responseId} not found`);
        return { ...toListItem(row), answers: row.answers as SurveyResponse["answers"], ...versionOf(row) };
      });
    },

    /** Every response's uuid in the list's order (newest first), for the individual view's pager. */
    async uuids(ctx: RequestContext, surveyId: string): Promise<string[]> {
      return ctx.db.transaction(async (trx) => {
        await requireSurvey(trx, surveyId);
        return repo.listResponseIds(trx, surveyId);
      });
    },

    async summary(ctx: RequestContext, surveyId: string): Promise<ResponseSummary> {
      return ctx.db.transaction(async (trx) => summaryOf(trx, await requireSurvey(trx, surveyId), everyText));
    },

    /**
     * 'View more' of a question's free texts, newest first in pages of 20 after the summary's 10 (page 0 = answers 11
     * to 30): a text question's answers, or the 'Other' texts of a multiple-choice or checkboxes question.
     */
    async summaryAnswers(ctx: RequestContext, surveyId: string, questionId: string, page: number): Promise<SummaryAnswersPage> {
      return ctx.db.transaction(async (trx) => {
        const survey = await requireSurvey(trx, surveyId);
        const question = versionOf(survey).questions.find((candidate) => candidate.id === questionId);
        if (!question) throw new NotFound(`The survey has no question '${questionId}'`);
        const list = textListOf(question);
        if (!list) throw new BadRequest(`questionId: '${question.title.trim() || question.id}' has no text answers`);
        const offset = L.summaryFirstAnswers + page * L.summaryMoreAnswers;
        const answers = await repo.pageTexts(trx, surveyId, list, { offset, limit: L.summaryMoreAnswers + 1 });
        return { answers: answers.slice(0, L.summaryMoreAnswers), last: answers.length <= L.summaryMoreAnswers };
      });
    },

    /** The xlsx of every response, oldest first, read in short transactions while it streams out. */
    async exportResponses(ctx: RequestContext, surveyId: string): Promise<{ fileName: string; content: Readable }> {
      const survey = await ctx.db.transaction((trx) => requireSurvey(trx, surveyId));
      async function* pages(): AsyncGenerator<ExportResponse[]> {
        let after: repo.Cursor | null = null;
        for (;;) {
          const from = after;
          const rows: repo.ExportRow[] = await ctx.db.transaction((trx) => repo.listResponsesAfter(trx, surveyId, from, EXPORT_PAGE));
          if (rows.length === 0) return;
          yield rows.map((row) => ({
            createdAt: new Date(row.created_at),
            email: row.email,
            firstName: row.first_name,
            lastName: row.last_name,
            organization: row.organization,
            answersJson: row.answers_json,
          }));
          const last = rows[rows.length - 1] as repo.ExportRow;
          after = { createdAt: new Date(last.created_at), id: last.id };
        }
      }
      return { fileName: exportFileName(survey.label), content: responsesWorkbook(versionOf(survey), pages()) };
    },

    /**
     * The public summary page: counts and texts, never who answered nor e-mail answers. A SIGNED_URL survey needs the
     * token of a link it was shared with.
     */
    async publicSummary(ctx: RequestContext, surveyId: string, token: string | undefined): Promise<PublicSummary> {
      const survey = await ctx.db.transaction((trx) => requireSurvey(trx, surveyId));
      if (survey.survey_type === "SIGNED_URL") {
        if (!token) throw new Forbidden(TOKEN_MESSAGES.missing);
        deps.verifyToken(ctx, surveyId, token);
      }
      return ctx.db.transaction(async (trx) => {
        const summary = await summaryOf(trx, await requireSurvey(trx, surveyId), publicTexts);
        return { label: survey.label, description: survey.description, ...summary };
      });
    },
  };
}

export type SurveyResponsesService = ReturnType<typeof createSurveyResponsesService>;
