// The respondent's side: the survey as a respondent sees it, and storing a response with its counters and texts in
// one short transaction. Refusals, in order: no such survey (404), the link (403: missing for a SIGNED_URL survey,
// forged, expired, made for another survey), the survey's state (403 with the spec's respondent message; closed and
// not open yet before locked), a personal link already used (409), bad answers (400 naming the question). A
// submission whose idempotency key already stored a response answers that response again (before any refusal but
// the 404) and stores nothing.
import {
  answersToStore,
  formatSurveyTime,
  type PublicSurvey,
  RESPONDENT_MESSAGES,
  type ResponseSubmission,
  respondentRefusal,
  type SurveyType,
  submissionProblem,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import { uuidv7 } from "../../platform/uuid-v7.ts";
import * as repo from "./repository.ts";
import { responseCounterChanges, responseTexts, sumCounterChanges } from "./response-counters.ts";
import { requireSurvey } from "./service.ts";
import { type SurveyTokenClaims, type SurveyTokens, TOKEN_MESSAGES } from "./tokens.ts";

export type SubmitOptions = { token: string | undefined; idempotencyKey: string | undefined };

const time = (value: Date | null) => (value === null ? null : formatSurveyTime(new Date(value).getTime()));

export function createPublicSurveysService(deps: { tokens: SurveyTokens }) {
  /** The link's claims; a SIGNED_URL survey needs one, any other survey checks one only when it is given. */
  function checkLink(ctx: RequestContext, survey: repo.SurveyRow, token: string | undefined): SurveyTokenClaims | null {
    if (!token) {
      if (survey.survey_type === "SIGNED_URL") throw new Forbidden(TOKEN_MESSAGES.missing);
      return null;
    }
    return deps.tokens.verify(token, { tenantId: ctx.tenant.id, surveyId: survey.id });
  }

  function checkState(survey: repo.SurveyRow): void {
    const refusal = respondentRefusal({
      openAt: time(survey.open_at),
      closeAt: time(survey.close_at),
      locked: survey.locked,
      lockedMessage: survey.locked_message,
    });
    if (refusal) throw new Forbidden(refusal);
  }

  async function readable(trx: Trx, ctx: RequestContext, id: string, token: string | undefined) {
    const survey = await requireSurvey(trx, id);
    const claims = checkLink(ctx, survey, token);
    checkState(survey);
    return { survey, claims };
  }

  return {
    async get(ctx: RequestContext, id: string, token: string | undefined): Promise<PublicSurvey> {
      return ctx.db.transaction(async (trx) => {
        const { survey, claims } = await readable(trx, ctx, id, token);
        if (claims?.email && (await repo.hasPersonalResponse(trx, id, claims.id))) throw new Conflict(RESPONDENT_MESSAGES.alreadyResponded);
        return {
          uuid: survey.id,
          label: survey.label,
          description: survey.description,
          surveyType: survey.survey_type as SurveyType,
          submissionMessage: survey.submission_message,
          sections: survey.sections,
          questions: survey.questions,
          email: claims?.email ?? "",
          firstName: "",
          lastName: "",
          organization: "",
        };
      });
    },

    async submit(ctx: RequestContext, id: string, submission: ResponseSubmission, options: SubmitOptions): Promise<{ uuid: string }> {
      const token = options.token ?? submission.token;
      // Checked before the survey is read so that one query serves every lookup; refused only after the 404 check.
      let claims: SurveyTokenClaims | null = null;
      let linkRefusal: unknown = null;
      try {
        claims = token ? deps.tokens.verify(token, { tenantId: ctx.tenant.id, surveyId: id }) : null;
      } catch (error) {
        linkRefusal = error;
      }
      const personalTokenId = claims?.email ? claims.id : null;
      return ctx.db.transaction(async (trx) => {
        const survey = await repo.getSubmissionTarget(trx, id, { idempotencyKey: options.idempotencyKey ?? null, personalTokenId });
        if (!survey) throw new NotFound(`Survey ${id} not found`);
        if (survey.replay_id) return { uuid: survey.replay_id };
        if (linkRefusal) throw linkRefusal;
        if (!token && survey.survey_type === "SIGNED_URL") throw new Forbidden(TOKEN_MESSAGES.missing);
        checkState(survey);
        if (survey.personal_used) throw new Conflict(RESPONDENT_MESSAGES.alreadyResponded);
        const personalEmail = claims?.email ?? null;
        const email = submission.email.trim() || personalEmail || "";
        if (personalEmail && email.toLowerCase() !== personalEmail.toLowerCase()) {
          throw new BadRequest("email: must be the address this survey link was sent to");
        }
        const respondent = {
          email,
          firstName: submission.firstName.trim(),
          lastName: submission.lastName.trim(),
          organization: submission.organization.trim(),
        };
        const version = { sections: survey.sections, questions: survey.questions };
        const problem = submissionProblem(
          { surveyType: survey.survey_type as SurveyType, ...version },
          { ...respondent, answers: submission.answers },
        );
        if (problem) throw new BadRequest(problem.message);

        const answers = answersToStore(version, submission.answers);
        const responseId = uuidv7();
        const createdAt = new Date();
        const stored = await repo.insertResponse(trx, {
          tenant_id: ctx.tenant.id,
          survey_id: id,
          id: responseId,
          version: survey.version,
          email: respondent.email,
          first_name: respondent.firstName,
          last_name: respondent.lastName,
          organization: respondent.organization,
          answers,
          personal_token_id: personalTokenId,
          idempotency_key: options.idempotencyKey ?? null,
          created_at: createdAt,
        });
        if (!stored) {
          // A concurrent request with the same key or personal link committed first.
          const first = options.idempotencyKey ? await repo.findResponseByIdempotencyKey(trx, id, options.idempotencyKey) : undefined;
          if (first) return { uuid: first };
          throw new Conflict(RESPONDENT_MESSAGES.alreadyResponded);
        }
        await repo.insertTextAnswers(
          trx,
          responseTexts(version, answers).map((text) => ({
            tenant_id: ctx.tenant.id,
            survey_id: id,
            response_id: responseId,
            question_id: text.questionId,
            is_other: text.isOther,
            value: text.value,
            created_at: createdAt,
          })),
        );
        // The survey row first, then the counters in key order: every writer of this survey's counters queues on the
        // same lock in the same order, so concurrent submissions never deadlock, and the lock is held only briefly.
        await repo.changeResponseCount(trx, id, 1);
        await repo.changeCounts(trx, ctx.tenant.id, id, sumCounterChanges(responseCounterChanges(version, answers, 1)));
        return { uuid: responseId };
      });
    },
  };
}

export type PublicSurveysService = ReturnType<typeof createPublicSurveysService>;
