// Survey link tokens (`?t=` of the Share modal's links): an HMAC-SHA256 over tenant, survey, an optional recipient
// e-mail (a personal, e-mailed link), a random id and an expiry. The key is derived from the app's JWT secret with
// HKDF under a label of its own, so a survey token proves nothing anywhere else and rotating JWT_SECRET voids them all.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { Forbidden } from "../../platform/errors.ts";

/** How long a share link or an e-mailed link opens the survey. */
export const SURVEY_TOKEN_LIFETIME_DAYS = 180;
const KEY_LABEL = "repox survey links v1";

export const TOKEN_MESSAGES = {
  missing: "This survey can only be answered through the link you were sent.",
  invalid: "This survey link is not valid. Use the link exactly as you received it.",
  expired: "This survey link has expired. Ask whoever sent it for a new one.",
} as const;

export type SurveyTokenClaims = {
  tenantId: string;
  surveyId: string;
  /** The recipient of a personal (e-mailed) link; such a link answers once. */
  email: string | null;
  /** Random, unique per link: a personal link's response is stored under it. */
  id: string;
  expiresAt: Date;
};

type Payload = { t: string; s: string; e?: string; i: string; x: number };

export function createSurveyTokens(jwtSecret: string, now: () => number = Date.now) {
  const key = Buffer.from(hkdfSync("sha256", jwtSecret, "", KEY_LABEL, 32));
  const signatureOf = (body: string) => createHmac("sha256", key).update(body).digest();

  return {
    issue(claims: { tenantId: string; surveyId: string; email?: string | null }): string {
      const payload: Payload = {
        t: claims.tenantId,
        s: claims.surveyId,
        ...(claims.email ? { e: claims.email } : {}),
        i: randomBytes(12).toString("base64url"),
        x: Math.floor(now() / 1000) + SURVEY_TOKEN_LIFETIME_DAYS * 24 * 60 * 60,
      };
      const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `${body}.${signatureOf(body).toString("base64url")}`;
    },

    /** The claims of a token made for this tenant and survey; Forbidden with a readable message otherwise. */
    verify(token: string, expected: { tenantId: string; surveyId: string }): SurveyTokenClaims {
      const [body, signature, ...rest] = token.split(".");
      if (!body || !signature || rest.length > 0) throw new Forbidden(TOKEN_MESSAGES.invalid);
      const given = Buffer.from(signature, "base64url");
      const wanted = signatureOf(body);
      if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw new Forbidden(TOKEN_MESSAGES.invalid);
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
      } catch {
        throw new Forbidden(TOKEN_MESSAGES.invalid);
      }
      if (payload.t !== expected.tenantId || payload.s !== expected.surveyId) throw new Forbidden(TOKEN_MESSAGES.invalid);
      if (typeof payload.x !== "number" || payload.x * 1000 <= now()) throw new Forbidden(TOKEN_MESSAGES.expired);
      return {
        tenantId: payload.t,
        surveyId: payload.s,
        email: typeof payload.e === "string" && payload.e ? payload.e : null,
        id: String(payload.i),
        expiresAt: new Date(payload.x * 1000),
      };
    },
  };
}

export type SurveyTokens = ReturnType<typeof createSurveyTokens>;
