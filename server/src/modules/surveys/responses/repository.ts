// SQL for reading a survey's responses and summaries. Every function runs inside a tenant transaction (row-level
// security). Lists are newest first on (created_at, id), which the survey_responses_created index serves backwards.
import { sql } from "kysely";
import type { Trx } from "../../../platform/db/tenant-transaction.ts";

export type SurveyHead = {
  id: string;
  label: string;
  description: string;
  survey_type: string;
  version: number;
  response_count: number;
  sections: unknown;
  questions: unknown;
};

export type ResponseRow = {
  id: string;
  created_at: Date;
  email: string;
  first_name: string;
  last_name: string;
  organization: string;
};

export type FullResponseRow = ResponseRow & { answers: unknown; sections: unknown; questions: unknown };
/** The answers as the JSON text they are stored as: the export parses one response at a time (see listResponsesAfter). */
export type ExportRow = ResponseRow & { answers_json: string };
export type Cursor = { createdAt: Date; id: string };

const listColumns = ["r.id", "r.created_at", "r.email", "r.first_name", "r.last_name", "r.organization"] as const;

/** The survey with its current version's sections and questions, or undefined. */
export function findSurvey(trx: Trx, surveyId: string): Promise<SurveyHead | undefined> {
  return trx
    .selectFrom("surveys as s")
    .innerJoin("survey_versions as v", (join) =>
      join.onRef("v.tenant_id", "=", "s.tenant_id").onRef("v.survey_id", "=", "s.id").onRef("v.version", "=", "s.version"),
    )
    .select(["s.id", "s.label", "s.description", "s.survey_type", "s.version", "s.response_count", "v.sections", "v.questions"])
    .where("s.id", "=", surveyId)
    .executeTakeFirst();
}

/** A LIKE pattern matching `search` anywhere in the folded search text (lower case, no accents). */
function searchMatches(search: string) {
  const escaped = search.replace(/[\\%_]/g, "\\$&");
  return sql<boolean>`r.search_text like '%' || repox_search_fold(${escaped}) || '%'`;
}

export function listResponses(trx: Trx, surveyId: string, page: { offset: number; limit: number; q?: string | undefined }) {
  return trx
    .selectFrom("survey_responses as r")
    .select(listColumns)
    .where("r.survey_id", "=", surveyId)
    .$if(!!page.q, (query) => query.where(searchMatches(page.q ?? "")))
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute() as Promise<ResponseRow[]>;
}

export async function countResponses(trx: Trx, surveyId: string, q?: string): Promise<number> {
  const { count } = await trx
    .selectFrom("survey_responses as r")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("r.survey_id", "=", surveyId)
    .$if(!!q, (query) => query.where(searchMatches(q ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Every response's uuid, newest first: the individual view's pager. */
export async function listResponseIds(trx: Trx, surveyId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom("survey_responses as r")
    .select("r.id")
    .where("r.survey_id", "=", surveyId)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .execute();
  return rows.map((row) => row.id);
}

/** One response with the sections and questions of the version it answered. */
export function findResponse(trx: Trx, surveyId: string, responseId: string): Promise<FullResponseRow | undefined> {
  return trx
    .selectFrom("survey_responses as r")
    .innerJoin("survey_versions as v", (join) =>
      join.onRef("v.tenant_id", "=", "r.tenant_id").onRef("v.survey_id", "=", "r.survey_id").onRef("v.version", "=", "r.version"),
    )
    .select([...listColumns, "r.answers", "v.sections", "v.questions"])
    .where("r.survey_id", "=", surveyId)
    .where("r.id", "=", responseId)
    .executeTakeFirst() as Promise<FullResponseRow | undefined>;
}

/**
 * Responses oldest first after `after`, for the export's keyset pages. The answers come as text: a page of parsed
 * answers is many small objects alive at once, which the young collections during the page copy, and the young
 * generation grows with what survives them (docs/performance.md, `surveys`).
 */
export function listResponsesAfter(trx: Trx, surveyId: string, after: Cursor | null, limit: number): Promise<ExportRow[]> {
  return trx
    .selectFrom("survey_responses as r")
    .select([...listColumns, sql<string>`r.answers::text`.as("answers_json")])
    .where("r.survey_id", "=", surveyId)
    .$if(after !== null, (query) =>
      query.where((eb) => eb(eb.refTuple("r.created_at", "r.id"), ">", eb.tuple(after?.createdAt ?? new Date(0), after?.id ?? ""))),
    )
    .orderBy("r.created_at")
    .orderBy("r.id")
    .limit(limit)
    .execute() as Promise<ExportRow[]>;
}

/** Every counter of the survey: how many responses gave each answer key of each question. */
export async function listAnswerCounts(trx: Trx, surveyId: string): Promise<{ question_id: string; answer_key: string; count: number }[]> {
  return trx.selectFrom("survey_answer_counts").select(["question_id", "answer_key", "count"]).where("survey_id", "=", surveyId).execute();
}

export type TextList = { questionId: string; isOther: boolean };

/**
 * The `limit` latest texts of each listed question (its 'Other' texts when isOther), newest first, in one statement:
 * one index scan per list (survey_text_answers_latest), glued with UNION ALL.
 */
export async function latestTexts(
  trx: Trx,
  surveyId: string,
  lists: TextList[],
  limit: number,
): Promise<{ question_id: string; is_other: boolean; value: string }[]> {
  if (lists.length === 0) return [];
  const scans = lists.map(
    (list) => sql`(select question_id, is_other, value, created_at, response_id from survey_text_answers
      where survey_id = ${surveyId} and question_id = ${list.questionId} and is_other = ${list.isOther}
      order by created_at desc, response_id desc limit ${limit})`,
  );
  const { rows } = await sql<{ question_id: string; is_other: boolean; value: string }>`
    select question_id, is_other, value from (${sql.join(scans, sql` union all `)}) latest
    order by question_id, is_other, created_at desc, response_id desc`.execute(trx);
  return rows;
}

/** A page of one question's texts, newest first, from `offset`. */
export async function pageTexts(trx: Trx, surveyId: string, list: TextList, page: { offset: number; limit: number }): Promise<string[]> {
  const rows = await trx
    .selectFrom("survey_text_answers")
    .select("value")
    .where("survey_id", "=", surveyId)
    .where("question_id", "=", list.questionId)
    .where("is_other", "=", list.isOther)
    .orderBy("created_at", "desc")
    .orderBy("response_id", "desc")
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((row) => row.value);
}
