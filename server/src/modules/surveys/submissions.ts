// Storing public submissions. Each is checked on its own (refusals, in order: no such survey 404, the link 403, the
// survey's state 403 — closed and not open yet before locked —, a personal link already used 409, bad answers 400
// naming the question), but submissions that arrive together are written together (group commit, one transaction a
// batch): the responses in one insert, their texts in another, and each survey's response count and counters once,
// summed. A submission whose idempotency key already stored a response answers that response again (before any
// refusal but the 404) and stores nothing; two tries with one key in the same batch store one response.
import {
  type Answer,
  answersToStore,
  type Question,
  RESPONDENT_MESSAGES,
  type ResponseSubmission,
  type Section,
  type SurveyType,
  submissionProblem,
} from "@repox/contracts";
import type { Insertable } from "kysely";
import { groupCommit, type ItemOutcome } from "../../platform/db/group-commit.ts";
import type { SurveyResponsesTable } from "../../platform/db/schema.ts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, Forbidden, HttpError, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import * as repo from "./repository.ts";
import { responseCounterChanges, responseTexts, sumCounterChanges } from "./response-counters.ts";
import { type SurveyTokenClaims, TOKEN_MESSAGES } from "./tokens.ts";

/** One submission as the route hands it over, its link already verified (or its refusal kept for after the 404). */
export type Submission = {
  ctx: RequestContext;
  surveyId: string;
  body: ResponseSubmission;
  token: string | undefined;
  claims: SurveyTokenClaims | null;
  linkRefusal: unknown;
  idempotencyKey: string | null;
};

type Version = { sections: Section[]; questions: Question[] };
type Checked = { row: Insertable<SurveyResponsesTable> & { id: string; created_at: Date }; version: Version; answers: Answer[] };

const MAX_BATCH = 50;

const lookupOf = (submission: Submission): repo.SubmissionLookup => ({
  surveyId: submission.surveyId,
  idempotencyKey: submission.idempotencyKey,
  personalTokenId: submission.claims?.email ? submission.claims.id : null,
});

/** The response to store, or the uuid an earlier try with the same key stored; throws the submission's refusal. */
function check(
  submission: Submission,
  survey: repo.SubmissionTarget | undefined,
  checkState: (survey: repo.SurveyRow) => void,
): Checked | string {
  const { surveyId, body, claims, idempotencyKey } = submission;
  if (!survey) throw new NotFound(`Survey ${surveyId} not found`);
  if (survey.replay_id) return survey.replay_id;
  if (submission.linkRefusal) throw submission.linkRefusal;
  if (!submission.token && survey.survey_type === "SIGNED_URL") throw new Forbidden(TOKEN_MESSAGES.missing);
  checkState(survey);
  if (survey.personal_used) throw new Conflict(RESPONDENT_MESSAGES.alreadyResponded);
  const personalEmail = claims?.email ?? null;
  const email = body.email.trim() || personalEmail || "";
  if (personalEmail && email.toLowerCase() !== personalEmail.toLowerCase()) {
    throw new BadRequest("email: must be the address this survey link was sent to");
  }
  const respondent = { email, firstName: body.firstName.trim(), lastName: body.lastName.trim(), organization: body.organization.trim() };
  const version = { sections: survey.sections, questions: survey.questions };
  const problem = submissionProblem({ surveyType: survey.survey_type as SurveyType, ...version }, { ...respondent, answers: body.answers });
  if (problem) throw new BadRequest(problem.message);

  const answers = answersToStore(version, body.answers);
  const row = {
    tenant_id: submission.ctx.tenant.id,
    survey_id: surveyId,
    id: uuidv7(),
    version: survey.version,
    email: respondent.email,
    first_name: respondent.firstName,
    last_name: respondent.lastName,
    organization: respondent.organization,
    answers,
    personal_token_id: lookupOf(submission).personalTokenId,
    idempotency_key: idempotencyKey,
    created_at: new Date(),
  };
  return { row, version, answers };
}

/** Writes the checked responses; a response the database refused (its key or personal link taken) is looked up. */
async function write(trx: Trx, tenantId: string, checked: Checked[]): Promise<Map<Checked, ItemOutcome<string>>> {
  const stored = await repo.insertResponses(
    trx,
    checked.map(({ row }) => row),
  );
  const outcomes = new Map<Checked, ItemOutcome<string>>();
  const written: Checked[] = [];
  for (const response of checked) {
    if (stored.has(response.row.id)) {
      written.push(response);
      outcomes.set(response, { ok: true, value: response.row.id });
      continue;
    }
    // Another try with the same key, or the same personal link, was stored first.
    const key = response.row.idempotency_key;
    const first = key ? await repo.findResponseByIdempotencyKey(trx, response.row.survey_id, key) : undefined;
    outcomes.set(response, first ? { ok: true, value: first } : { ok: false, error: new Conflict(RESPONDENT_MESSAGES.alreadyResponded) });
  }
  await repo.insertTextAnswers(
    trx,
    written.flatMap(({ row, version, answers }) =>
      responseTexts(version, answers).map((text) => ({
        tenant_id: tenantId,
        survey_id: row.survey_id,
        response_id: row.id,
        question_id: text.questionId,
        is_other: text.isOther,
        value: text.value,
        created_at: row.created_at,
      })),
    ),
  );
  // Each survey's row first, then its counters in key order, surveys in id order: every writer of a survey's counters
  // queues on the same locks in the same order, so concurrent writers never deadlock.
  const bySurvey = new Map<string, Checked[]>();
  for (const response of written) bySurvey.set(response.row.survey_id, [...(bySurvey.get(response.row.survey_id) ?? []), response]);
  for (const surveyId of [...bySurvey.keys()].sort()) {
    const responses = bySurvey.get(surveyId) ?? [];
    await repo.changeResponseCount(trx, surveyId, responses.length);
    const changes = responses.flatMap(({ version, answers }) => responseCounterChanges(version, answers, 1));
    await repo.changeCounts(trx, tenantId, surveyId, sumCounterChanges(changes));
  }
  return outcomes;
}

/** Stores one submission, together with whatever others of the same tenant arrive while a batch is being written. */
export function createSubmissionWriter(checkState: (survey: repo.SurveyRow) => void) {
  function checkOne(submission: Submission, target: repo.SubmissionTarget | undefined): Checked | ItemOutcome<string> {
    try {
      const result = check(submission, target, checkState);
      return typeof result === "string" ? { ok: true, value: result } : result;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return { ok: false, error };
    }
  }

  return groupCommit<Submission, string>({
    maxBatch: MAX_BATCH,
    writeBatch: async (tenantId, submissions) => {
      const db = submissions[0]?.ctx.db;
      if (!db) return [];
      return db.transaction(async (trx) => {
        const targets = await repo.getSubmissionTargets(trx, submissions.map(lookupOf));
        const steps = submissions.map((submission, index) => checkOne(submission, targets[index]));
        // Tries with one key in this batch: the first is written, the others answer whatever it gets.
        const firstWithKey = new Map<string, Checked>();
        const sameAs = new Map<Checked, Checked>();
        for (const step of steps) {
          if (!("row" in step) || !step.row.idempotency_key) continue;
          const key = `${step.row.survey_id} ${step.row.idempotency_key}`;
          const first = firstWithKey.get(key);
          if (first) sameAs.set(step, first);
          else firstWithKey.set(key, step);
        }
        const toWrite = steps.filter((step): step is Checked => "row" in step && !sameAs.has(step));
        const written = toWrite.length > 0 ? await write(trx, tenantId, toWrite) : new Map();
        return steps.map((step) => {
          if (!("row" in step)) return step;
          const outcome = written.get(sameAs.get(step) ?? step);
          if (!outcome) throw new Error("A checked submission was neither stored nor refused");
          return outcome;
        });
      });
    },
  });
}
