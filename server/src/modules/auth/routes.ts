// /api/auth/jwt, /api/auth/status, /api/post-register, /api/auth/forgot-password, /api/auth/reset-password,
// /api/my/password
import {
  AuthStatus,
  AuthUser,
  ChangePasswordBody,
  ErrorBody,
  ForgotPasswordBody,
  LoginBody,
  MessageBody,
  PasswordChanged,
  RegisterBody,
  ResetPasswordBody,
} from "@repox/contracts";
import type { FastifyRequest } from "fastify";
import { TooManyRequests } from "../../platform/errors.ts";
import { signedIn } from "../../platform/http/access.ts";
import type { App } from "../../platform/http/types.ts";
import type { AuthService } from "./service.ts";

const tenant = { access: "tenant" } as const;
const tags = ["Auth"];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };

export type LoginLimits = { perUser: number; perIp: number; windowMs: number };

export function authRoutes(app: App, auth: AuthService, limits: LoginLimits, publicUrl: string | undefined) {
  const byIp = app.createRateLimit({ max: limits.perIp, timeWindow: limits.windowMs, keyGenerator: (req) => `login-ip:${req.ip}` });
  const byUser = app.createRateLimit({
    max: limits.perUser,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `login-user:${req.ctx.tenant.id}:${String((req.body as { username?: unknown }).username).toLowerCase()}`,
  });

  // Guessing the current password with someone's session counts like guessing it at sign-in.
  const byAccount = app.createRateLimit({
    max: limits.perUser,
    timeWindow: limits.windowMs,
    keyGenerator: (req) => `password-change:${req.ctx.tenant.id}:${req.ctx.user?.id}`,
  });

  async function checkLoginRate(req: FastifyRequest, limiters = [byIp, byUser]) {
    for (const limiter of limiters) {
      const limit = await limiter(req);
      if (!limit.isAllowed && limit.isExceeded) {
        const seconds = Math.max(1, Math.ceil(limit.ttl / 1000));
        throw new TooManyRequests(`Too many sign-in attempts. Try again in ${seconds} seconds.`);
      }
    }
  }

  app.post("/api/auth/jwt", { config: tenant, schema: { tags, body: LoginBody, response: { 200: AuthUser, ...errors } } }, async (req) => {
    await checkLoginRate(req);
    return auth.login(req.ctx, req.body);
  });
  app.get("/api/auth/status", { config: tenant, schema: { tags, response: { 200: AuthStatus, ...errors } } }, (req) =>
    auth.status(req.ctx),
  );
  app.post(
    "/api/post-register",
    { config: tenant, schema: { tags, body: RegisterBody, response: { 201: MessageBody, ...errors } } },
    async (req, reply) => reply.status(201).send(await auth.register(req.ctx, req.body)),
  );
  app.post(
    "/api/auth/forgot-password",
    { config: tenant, schema: { tags, body: ForgotPasswordBody, response: { 200: MessageBody, ...errors } } },
    (req) => auth.forgotPassword(req.ctx, req.body, publicUrl ?? `${req.protocol}://${req.host}`),
  );
  app.post(
    "/api/auth/reset-password",
    { config: tenant, schema: { tags, body: ResetPasswordBody, response: { 200: MessageBody, ...errors } } },
    (req) => auth.resetPassword(req.ctx, req.body),
  );
  app.put(
    "/api/my/password",
    { config: { access: "signed-in" }, schema: { tags: ["Me"], body: ChangePasswordBody, response: { 200: PasswordChanged, ...errors } } },
    async (req) => {
      await checkLoginRate(req, [byIp, byAccount]);
      return auth.changePassword(signedIn(req.ctx), req.body);
    },
  );
}
