// Calls of the auth area (spec 1 §7 "Auth").
import type { AuthStatus, AuthUser, ForgotPasswordBody, LoginBody, MessageBody, RegisterBody, ResetPasswordBody } from "@repox/contracts";
import { api } from "../../api/client.ts";

export const logIn = (body: LoginBody) => api.post<AuthUser>("/auth/jwt", body);
export const fetchAuthStatus = () => api.get<AuthStatus>("/auth/status");
export const register = (body: RegisterBody) => api.post<MessageBody>("/post-register", body);
export const requestPasswordReset = (body: ForgotPasswordBody) => api.post<MessageBody>("/auth/forgot-password", body);
export const resetPassword = (body: ResetPasswordBody) => api.post<MessageBody>("/auth/reset-password", body);
