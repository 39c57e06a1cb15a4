// Sign-in, session status, self-registration and password reset (spec 1 §7 "Auth").
import { createHash, randomBytes } from "node:crypto";
import type {
  AuthUser,
  ChangePasswordBody,
  ForgotPasswordBody,
  LoginBody,
  PasswordChanged,
  RegisterBody,
  ResetPasswordBody,
} from "@repox/contracts";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import type { TokenService } from "../../platform/auth/tokens.ts";
import { BadRequest, Forbidden, Unauthorized } from "../../platform/errors.ts";
import type { RequestContext, SignedInContext } from "../../platform/http/access.ts";
import type { Mailer } from "../../platform/mail.ts";
import type { IamService } from "../iam/service.ts";
import type { SettingsService } from "../settings/service.ts";
import * as repo from "./repository.ts";

export const RESET_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

type AuthDeps = { iam: IamService; settings: SettingsService; tokens: TokenService; mailer: Mailer };

export function createAuthService({ iam, settings, tokens, mailer }: AuthDeps) {
  return {
    async login(ctx: RequestContext, body: LoginBody): Promise<AuthUser> {
      const candidate = await iam.findLoginCandidate(ctx, body.username);
      const passwordMatches = await verifyPassword(candidate?.password_hash, body.password);
      if (!candidate || !passwordMatches) throw new Unauthorized("Invalid credentials");
      if (candidate.locked) throw new Forbidden("This account is locked. Ask an administrator to unlock it.");
      return {
        uuid: candidate.id,
        username: candidate.username,
        firstname: candidate.firstname,
        lastname: candidate.lastname,
        email: candidate.email,
        jwtToken: await tokens.sign({ userId: candidate.id, tenantCode: ctx.tenant.code }, candidate.sessions_valid_after),
      };
    },

    /** Every session signed before the change ends; the caller's goes on with the fresh token answered. */
    async changePassword(ctx: SignedInContext, body: ChangePasswordBody): Promise<PasswordChanged> {
      const validFrom = await ctx.db.transaction(async (trx) => {
        const passwordHash = await iam.findPasswordHash(trx, ctx.user.id);
        if (!(await verifyPassword(passwordHash, body.currentPassword))) {
          throw new BadRequest("The current password is not correct.");
        }
        return iam.setPassword(trx, { tenantId: ctx.tenant.id, userId: ctx.user.id }, body.newPassword);
      });
      return { jwtToken: await tokens.sign({ userId: ctx.user.id, tenantCode: ctx.tenant.code }, validFrom) };
    },

    status(ctx: RequestContext): { valid: boolean } {
      return { valid: ctx.user !== null };
    },

    async register(ctx: RequestContext, body: RegisterBody): Promise<{ message: string }> {
      if (!(await settings.isRegistrationEnabled(ctx))) {
        throw new Forbidden("Registration is not open for this organisation. Ask an administrator for an account.");
      }
      await iam.registerUser(ctx, body);
      return { message: "Register User Successfully" };
    },

    /** Always answers the same, whether or not the address belongs to someone (no account enumeration). */
    async forgotPassword(ctx: RequestContext, body: ForgotPasswordBody, appUrl: string): Promise<{ message: string }> {
      const answer = { message: "If an account uses that e-mail address, we have sent it a link to reset the password." };
      const user = await iam.findUserByEmail(ctx, body.email);
      if (!user || user.locked) return answer;
      const token = randomBytes(32).toString("base64url");
      const link = `${appUrl}/${ctx.tenant.code}/reset-password?token=${token}`;
      const mailId = await ctx.db.transaction(async (trx) => {
        await repo.insertResetToken(trx, {
          tenant_id: ctx.tenant.id,
          token_hash: sha256(token),
          user_id: user.id,
          expires_at: new Date(Date.now() + RESET_TOKEN_LIFETIME_MS),
        });
        return mailer.enqueue(trx, ctx.tenant.id, {
          to: user.email,
          subject: `Reset your ${ctx.tenant.name} password`,
          text: `Hello ${user.username},\n\nSomeone asked to reset your Repox password for ${ctx.tenant.name}.\nOpen this link within one hour to choose a new one:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
        });
      });
      void mailer.deliver(ctx.db, mailId);
      return answer;
    },

    async resetPassword(ctx: RequestContext, body: ResetPasswordBody): Promise<{ message: string }> {
      await ctx.db.transaction(async (trx) => {
        const userId = await repo.consumeResetToken(trx, sha256(body.token));
        if (!userId) throw new BadRequest("This reset link is invalid, already used or expired. Ask for a new one.");
        await repo.revokeResetTokens(trx, userId);
        await iam.setPassword(trx, { tenantId: ctx.tenant.id, userId }, body.password);
      });
      return { message: "Your password has been changed. You can sign in now." };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
