// The respondent's side: the survey as a respondent sees it, and its submissions (stored by submissions.ts, which
// names the refusals and their order). Reading refuses as submitting does: no such survey (404), the link (403:
// missing for a SIGNED_URL survey, forged, expired, made for another survey), the survey's state (403 with the spec's
// respondent message; closed and not open yet before locked), a personal link already used (409).
import {
  formatSurveyTime,
  type PublicSurvey,
  RESPONDENT_MESSAGES,
  type ResponseSubmission,
  respondentRefusal,
  type SurveyType,
} from "@repox/contracts";
import type { Trx } from "../../platform/db/tenant-transaction.ts";
import { Conflict, Forbidden } from "../../platform/errors.ts";
import type { RequestContext } from "../../platform/http/access.ts";
import * as repo from "./repository.ts";
import { requireSurvey } from "./service.ts";
import { createSubmissionWriter } from "./submissions.ts";
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

  const writeSubmission = createSubmissionWriter(checkState);

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

    async submit(ctx: RequestContext, id: string, body: ResponseSubmission, options: SubmitOptions): Promise<{ uuid: string }> {
      const token = options.token ?? body.token;
      // Checked before the survey is read so that one query serves every lookup; refused only after the 404 check.
      let claims: SurveyTokenClaims | null = null;
      let linkRefusal: unknown = null;
      try {
        claims = token ? deps.tokens.verify(token, { tenantId: ctx.tenant.id, surveyId: id }) : null;
      } catch (error) {
        linkRefusal = error;
      }
      const submission = { ctx, surveyId: id, body, token, claims, linkRefusal, idempotencyKey: options.idempotencyKey ?? null };
      return { uuid: await writeSubmission(ctx.tenant.id, submission) };
    },
  };
}

export type PublicSurveysService = ReturnType<typeof createPublicSurveysService>;
