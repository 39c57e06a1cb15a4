// Operator API: tenants (platform token, no tenant header).
import { z } from "zod";
import { LIMITS, Password, TenantCode } from "./common.ts";

export const Tenant = z.object({
  code: z.string(),
  name: z.string(),
  storageQuota: z.number().int(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof Tenant>;

export const DEFAULT_STORAGE_QUOTA_BYTES = 10 * 1024 ** 3;

export const TenantCreateBody = z.object({
  code: TenantCode,
  name: z.string().trim().min(1, { error: "is required" }).max(LIMITS.nameMaxLength),
  adminUsername: z.string().trim().min(1, { error: "is required" }).max(LIMITS.usernameMaxLength),
  adminPassword: Password,
  adminEmail: z.email().optional(),
  storageQuota: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(DEFAULT_STORAGE_QUOTA_BYTES),
});
export type TenantCreateBody = z.infer<typeof TenantCreateBody>;
