// Sign-in, registration and password reset payloads (spec 1 §7 "Auth").
import { z } from "zod";
import { Email, LIMITS, Password, Uuid } from "./common.ts";

export const LoginBody = z.object({
  username: z.string().trim().min(1, { error: "is required" }).max(LIMITS.emailMaxLength),
  password: z.string().min(1, { error: "is required" }).max(LIMITS.passwordMaxLength),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const AuthUser = z.object({
  uuid: Uuid,
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  jwtToken: z.string(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const AuthStatus = z.object({ valid: z.boolean() });
export type AuthStatus = z.infer<typeof AuthStatus>;

export const RegisterBody = z.object({
  email: Email,
  username: z.string().trim().min(1, { error: "is required" }).max(LIMITS.usernameMaxLength),
  password: Password,
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

export const ResetPasswordBody = z.object({
  token: z.string().min(1, { error: "is required" }).max(200),
  password: Password,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

export const MessageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof MessageBody>;

/** My profile's 'Change my password' (the confirmation is checked in the form). */
export const ChangePasswordBody = z.object({
  currentPassword: z.string().min(1, { error: "is required" }).max(LIMITS.passwordMaxLength),
  newPassword: Password,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** The caller's fresh token after a password change: every token signed before it no longer counts. */
export const PasswordChanged = z.object({ jwtToken: z.string() });
export type PasswordChanged = z.infer<typeof PasswordChanged>;
