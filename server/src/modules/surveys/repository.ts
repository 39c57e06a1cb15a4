// SQL for surveys, their versions, and the writes of responses with their counters and texts. Every function runs
// inside a tenant transaction (row-level security); the response reads live in responses/.
import type { Question, Section } from "@repox/contracts";
import { type Insertable, sql, type Updateable } from "kysely";
import type { SurveyResponsesTable, SurveysTable, SurveyTextAnswersTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";

export type SurveyRow = {
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
  created_at: Date;
  updated_at: Date;
};

/** A survey with the sections and questions of its current version. */
export type SurveyWithVersionRow = SurveyRow & { sections: Section[]; questions: Question[] };

export type SurveyListOptions = { offset: number; limit: number; search?: string | undefined; sort: string };

const surveyColumns = [
  "s.id",
  "s.label",
  "s.description",
  "s.survey_type",
  "s.open_at",
  "s.close_at",
  "s.locked",
  "s.locked_message",
  "s.submission_message",
  "s.version",
  "s.question_count",
  "s.response_count",
  "s.created_at",
  "s.updated_at",
] as const;

function labelMatches(search: string) {
  const escaped = search.replace(/[\\%_]/g, "\\$&");
  return sql<boolean>`repox_search_fold(s.label) like '%' || repox_search_fold(${escaped}) || '%'`;
}

export async function countSurveys(trx: Trx, search: string | undefined): Promise<number> {
  const { count } = await trx
    .selectFrom("surveys as s")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .$if(!!search, (q) => q.where(labelMatches(search ?? "")))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function listSurveys(trx: Trx, options: SurveyListOptions): Promise<SurveyRow[]> {
  const [field, direction] = options.sort.split(",") as ["createdAt" | "label", "ASC" | "DESC"];
  const order = direction === "ASC" ? "asc" : "desc";
  return trx
    .selectFrom("surveys as s")
    .select(surveyColumns)
    .$if(!!options.search, (q) => q.where(labelMatches(options.search ?? "")))
    .$if(field === "label", (q) => q.orderBy(sql`lower(s.label)`, order))
    .orderBy("s.created_at", order)
    .orderBy("s.id", order)
    .offset(options.offset)
    .limit(options.limit)
    .execute() as Promise<SurveyRow[]>;
}

/** The survey and its current version; `lock` takes the row lock writers of the survey's counters queue on. */
export async function getSurvey(trx: Trx, id: string, lock = false): Promise<SurveyWithVersionRow | undefined> {
  const row = await trx
    .selectFrom("surveys as s")
    .innerJoin("survey_versions as v", (join) => join.onRef("v.survey_id", "=", "s.id").onRef("v.version", "=", "s.version"))
    .select([...surveyColumns, "v.sections", "v.questions"])
    .where("s.id", "=", id)
    .$if(lock, (q) => q.forUpdate("s"))
    .executeTakeFirst();
  return row as SurveyWithVersionRow | undefined;
}

/**
 * What a submission needs in one round trip: the survey with its current version, the response an idempotency key
 * already stored, and whether a personal link already answered.
 */
export type SubmissionLookup = { surveyId: string; idempotencyKey: string | null; personalTokenId: string | null };
export type SubmissionTarget = SurveyWithVersionRow & { replay_id: string | null; personal_used: boolean };

/**
 * What checking a batch of submissions needs, in three queries however many there are: each survey with its current
 * version, the response an idempotency key already stored, and whether a personal link was used.
 */
export async function getSubmissionTargets(trx: Trx, lookups: SubmissionLookup[]): Promise<(SubmissionTarget | undefined)[]> {
  const surveyIds = [...new Set(lookups.map((lookup) => lookup.surveyId))];
  const keys = lookups.flatMap((lookup) => (lookup.idempotencyKey ? [lookup.idempotencyKey] : []));
  const tokenIds = lookups.flatMap((lookup) => (lookup.personalTokenId ? [lookup.personalTokenId] : []));
  const surveys = await trx
    .selectFrom("surveys as s")
    .innerJoin("survey_versions as v", (join) => join.onRef("v.survey_id", "=", "s.id").onRef("v.version", "=", "s.version"))
    .select([...surveyColumns, "v.sections", "v.questions"])
    .where("s.id", "in", surveyIds)
    .execute();
  const replays =
    keys.length === 0
      ? []
      : await trx
          .selectFrom("survey_responses")
          .select(["survey_id", "idempotency_key", "id"])
          .where("survey_id", "in", surveyIds)
          .where("idempotency_key", "in", keys)
          .execute();
  const used =
    tokenIds.length === 0
      ? []
      : await trx
          .selectFrom("survey_responses")
          .select(["survey_id", "personal_token_id"])
          .where("survey_id", "in", surveyIds)
          .where("personal_token_id", "in", tokenIds)
          .execute();
  const byId = new Map(surveys.map((survey) => [survey.id, survey as SurveyWithVersionRow]));
  const replayIds = new Map(replays.map((row) => [`${row.survey_id} ${row.idempotency_key}`, row.id]));
  const usedTokens = new Set(used.map((row) => `${row.survey_id} ${row.personal_token_id}`));
  return lookups.map(({ surveyId, idempotencyKey, personalTokenId }) => {
    const survey = byId.get(surveyId);
    if (!survey) return undefined;
    return {
      ...survey,
      replay_id: replayIds.get(`${surveyId} ${idempotencyKey}`) ?? null,
      personal_used: usedTokens.has(`${surveyId} ${personalTokenId}`),
    };
  });
}

export async function getVersions(
  trx: Trx,
  surveyId: string,
  versions: number[],
): Promise<Map<number, { sections: Section[]; questions: Question[] }>> {
  if (versions.length === 0) return new Map();
  const rows = await trx
    .selectFrom("survey_versions")
    .select(["version", "sections", "questions"])
    .where("survey_id", "=", surveyId)
    .where("version", "in", versions)
    .execute();
  return new Map(rows.map((row) => [row.version, { sections: row.sections as Section[], questions: row.questions as Question[] }]));
}

export async function insertSurvey(trx: Trx, row: Insertable<SurveysTable>): Promise<void> {
  await trx.insertInto("surveys").values(row).execute();
}

export async function insertVersion(
  trx: Trx,
  row: { tenant_id: string; survey_id: string; version: number; sections: Section[]; questions: Question[] },
): Promise<void> {
  await trx
    .insertInto("survey_versions")
    .values({ ...row, sections: JSON.stringify(row.sections), questions: JSON.stringify(row.questions) })
    .execute();
}

export async function updateSurvey(trx: Trx, id: string, values: Updateable<SurveysTable>): Promise<void> {
  await trx
    .updateTable("surveys")
    .set({ ...values, updated_at: new Date() })
    .where("id", "=", id)
    .execute();
}

export async function deleteSurvey(trx: Trx, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("surveys").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- Responses ----

export async function findResponseByIdempotencyKey(trx: Trx, surveyId: string, key: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom("survey_responses")
    .select("id")
    .where("survey_id", "=", surveyId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id;
}

export async function hasPersonalResponse(trx: Trx, surveyId: string, personalTokenId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("survey_responses")
    .select("id")
    .where("survey_id", "=", surveyId)
    .where("personal_token_id", "=", personalTokenId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores a response unless its idempotency key or personal link already has one; answers whether it did. */
/** Inserts the responses; answers the ids stored (a response whose key or personal link is taken is skipped). */
export async function insertResponses(trx: Trx, rows: Insertable<SurveyResponsesTable>[]): Promise<Set<string>> {
  const inserted = await trx
    .insertInto("survey_responses")
    .values(rows.map((row) => ({ ...row, answers: JSON.stringify(row.answers) })))
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .execute();
  return new Set(inserted.map((row) => row.id));
}

export async function insertTextAnswers(trx: Trx, rows: Insertable<SurveyTextAnswersTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.insertInto("survey_text_answers").values(rows).execute();
}

export type CounterChange = { questionId: string; key: string; delta: number };

/**
 * Adds to the survey's answer counters in one statement, in a stable key order so that concurrent writers lock the
 * counter rows in the same order (no deadlocks). Counters that reach zero are removed.
 */
export async function changeCounts(trx: Trx, tenantId: string, surveyId: string, changes: CounterChange[]): Promise<void> {
  if (changes.length === 0) return;
  const sorted = [...changes].sort((a, b) =>
    a.questionId === b.questionId ? (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) : a.questionId < b.questionId ? -1 : 1,
  );
  await trx
    .insertInto("survey_answer_counts")
    .values(
      sorted.map((change) => ({
        tenant_id: tenantId,
        survey_id: surveyId,
        question_id: change.questionId,
        answer_key: change.key,
        count: change.delta,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(["tenant_id", "survey_id", "question_id", "answer_key"])
        .doUpdateSet({ count: sql`survey_answer_counts.count + excluded.count` }),
    )
    .execute();
  if (sorted.some((change) => change.delta < 0)) {
    await trx.deleteFrom("survey_answer_counts").where("survey_id", "=", surveyId).where("count", "<=", 0).execute();
  }
}

export async function clearCounts(trx: Trx, surveyId: string): Promise<void> {
  await trx.deleteFrom("survey_answer_counts").where("survey_id", "=", surveyId).execute();
}

export async function changeResponseCount(trx: Trx, surveyId: string, delta: number): Promise<void> {
  await trx
    .updateTable("surveys")
    .set({ response_count: sql`greatest(response_count + ${delta}, 0)` })
    .where("id", "=", surveyId)
    .execute();
}

export async function setResponseCount(trx: Trx, surveyId: string, count: number): Promise<void> {
  await trx.updateTable("surveys").set({ response_count: count }).where("id", "=", surveyId).execute();
}

export type StoredResponseRow = { id: string; version: number; answers: unknown };

export function getResponse(trx: Trx, surveyId: string, responseId: string): Promise<StoredResponseRow | undefined> {
  return trx
    .selectFrom("survey_responses")
    .select(["id", "version", "answers"])
    .where("survey_id", "=", surveyId)
    .where("id", "=", responseId)
    .executeTakeFirst();
}

export async function deleteResponse(trx: Trx, surveyId: string, responseId: string): Promise<void> {
  await trx.deleteFrom("survey_responses").where("survey_id", "=", surveyId).where("id", "=", responseId).execute();
}

export async function deleteAllResponses(trx: Trx, surveyId: string): Promise<number> {
  const result = await trx.deleteFrom("survey_responses").where("survey_id", "=", surveyId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
