// Test and benchmark fixtures: surveys and responses written straight into the tables, in bulk, with the counters and
// texts the public submission keeps (answer-keys.ts over the answerable questions on each response's path, as the
// storing code does), so summaries of 100 000 responses can be seeded in seconds.
import { type Answer, answersToStore, isAnswerable, type Question, type Section, type SurveyType, sectionPath } from "@repox/contracts";
import type { Db } from "../../../platform/db/database.ts";
import { refreshStatisticsIfGrown } from "../../../platform/db/statistics.ts";
import { inTenant, type Trx } from "../../../platform/db/tenant-transaction.ts";
import { uuidv7 } from "../../../platform/uuid-v7.ts";
import { answerKeys, answerTexts } from "../answer-keys.ts";

export type FixtureSurvey = {
  label?: string;
  description?: string;
  surveyType?: SurveyType;
  sections: Section[];
  questions: Question[];
};

export type FixtureResponse = {
  email?: string;
  firstName?: string;
  lastName?: string;
  organization?: string;
  answers: Answer[];
  createdAt?: Date;
};

/** Rows a statement inserts at most (PostgreSQL takes 65 535 parameters a statement). */
const BATCH = 1000;

/** A survey with its first version; answers its uuid. */
export async function insertSurvey(db: Db, tenantId: string, survey: FixtureSurvey): Promise<string> {
  const id = uuidv7();
  await inTenant(db, tenantId, async (trx) => {
    await trx
      .insertInto("surveys")
      .values({
        tenant_id: tenantId,
        id,
        label: survey.label ?? "Fixture survey",
        description: survey.description ?? "",
        survey_type: survey.surveyType ?? "ANONYMOUS",
        open_at: null,
        close_at: null,
        locked: false,
        locked_message: "",
        submission_message: "",
        version: 1,
        response_count: 0,
        created_by: null,
        question_count: survey.questions.filter(isAnswerable).length,
      })
      .execute();
    await insertVersion(trx, tenantId, id, 1, survey);
  });
  return id;
}

function insertVersion(trx: Trx, tenantId: string, surveyId: string, version: number, survey: FixtureSurvey) {
  return trx
    .insertInto("survey_versions")
    .values({
      tenant_id: tenantId,
      survey_id: surveyId,
      version,
      sections: JSON.stringify(survey.sections),
      questions: JSON.stringify(survey.questions),
    })
    .execute();
}

/** A new current version of the survey's sections and questions (an edit); earlier responses keep theirs. */
export async function editSurvey(db: Db, tenantId: string, surveyId: string, survey: FixtureSurvey): Promise<void> {
  await inTenant(db, tenantId, async (trx) => {
    const { version } = await trx.selectFrom("surveys").select("version").where("id", "=", surveyId).executeTakeFirstOrThrow();
    await insertVersion(trx, tenantId, surveyId, version + 1, survey);
    await trx
      .updateTable("surveys")
      .set({ version: version + 1, ...(survey.label ? { label: survey.label } : {}) })
      .where("id", "=", surveyId)
      .execute();
  });
}

/**
 * Stores `responses` against the survey's current version, with the counters and texts a submission adds, in a few
 * statements per 1000 responses. Responses without `createdAt` are one millisecond apart from now on, in order.
 * Answers the uuids, in the order given.
 */
export async function insertResponses(db: Db, tenantId: string, surveyId: string, responses: FixtureResponse[]): Promise<string[]> {
  const ids: string[] = [];
  const start = Date.now();
  for (let from = 0; from < responses.length; from += BATCH) {
    const batch = responses.slice(from, from + BATCH);
    await inTenant(db, tenantId, async (trx) => {
      const survey = await trx
        .selectFrom("surveys as s")
        .innerJoin("survey_versions as v", (join) => join.onRef("v.survey_id", "=", "s.id").onRef("v.version", "=", "s.version"))
        .select(["s.version", "v.sections", "v.questions"])
        .where("s.id", "=", surveyId)
        .executeTakeFirstOrThrow();
      const version = { sections: survey.sections as Section[], questions: survey.questions as Question[] };
      const byId = new Map(version.questions.map((question) => [question.id, question]));
      const counts = new Map<string, number>();
      const responseRows = [];
      const textRows = [];
      for (const [index, response] of batch.entries()) {
        const id = uuidv7();
        ids.push(id);
        const createdAt = response.createdAt ?? new Date(start + from + index);
        const given = new Map(response.answers.map((answer) => [answer.id, answer.value]));
        const path = sectionPath(version, (questionId) => given.get(questionId));
        for (const questionId of path.flatMap((section) => section.questions)) {
          const question = byId.get(questionId);
          if (!question || !isAnswerable(question)) continue;
          const value = given.get(questionId);
          for (const key of answerKeys(question, value)) {
            const counter = `${questionId}\n${key}`;
            counts.set(counter, (counts.get(counter) ?? 0) + 1);
          }
          for (const text of answerTexts(question, value)) {
            textRows.push({
              tenant_id: tenantId,
              survey_id: surveyId,
              response_id: id,
              question_id: questionId,
              is_other: text.isOther,
              value: text.value,
              created_at: createdAt,
            });
          }
        }
        responseRows.push({
          tenant_id: tenantId,
          survey_id: surveyId,
          id,
          version: survey.version,
          email: response.email ?? "",
          first_name: response.firstName ?? "",
          last_name: response.lastName ?? "",
          organization: response.organization ?? "",
          answers: JSON.stringify(answersToStore(version, response.answers)),
          created_at: createdAt,
        });
      }
      await trx.insertInto("survey_responses").values(responseRows).execute();
      for (let at = 0; at < textRows.length; at += BATCH) {
        await trx
          .insertInto("survey_text_answers")
          .values(textRows.slice(at, at + BATCH))
          .execute();
      }
      const counterRows = [...counts].map(([counter, count]) => {
        const [questionId, key] = counter.split("\n") as [string, string];
        return { tenant_id: tenantId, survey_id: surveyId, question_id: questionId, answer_key: key, count };
      });
      if (counterRows.length > 0) {
        await trx
          .insertInto("survey_answer_counts")
          .values(counterRows)
          .onConflict((conflict) =>
            conflict
              .columns(["tenant_id", "survey_id", "question_id", "answer_key"])
              .doUpdateSet((eb) => ({ count: eb("survey_answer_counts.count", "+", eb.ref("excluded.count")) })),
          )
          .execute();
      }
      await trx
        .updateTable("surveys")
        .set((eb) => ({ response_count: eb("response_count", "+", batch.length) }))
        .where("id", "=", surveyId)
        .execute();
    });
  }
  // A bulk writer refreshes the planner statistics of what it grew (platform/db/statistics.ts): PGlite keeps none itself,
  // and with the first rows' statistics the latest texts are read by sorting every text of a question.
  for (const table of ["survey_responses", "survey_text_answers", "survey_answer_counts"]) await refreshStatisticsIfGrown(db, table);
  return ids;
}
