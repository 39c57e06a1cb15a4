// App passwords (issue 16): named secrets a user makes in My profile for clients that sign in with HTTP Basic
// (WebDAV), so the account password need not be stored in them. The secret is answered once, at creation.
import { z } from "zod";
import { Uuid } from "./common.ts";

export const APP_PASSWORD_LIMITS = {
  nameMaxLength: 100,
  perUser: 20,
} as const;

/** Six groups of five base32 letters and digits: 150 random bits, easy to type into a client's sign-in dialog. */
export const APP_PASSWORD_PATTERN = /^[a-z2-7]{5}(-[a-z2-7]{5}){5}$/;

export const AppPasswordCreateBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: "is required" })
    .max(APP_PASSWORD_LIMITS.nameMaxLength, { error: `must be at most ${APP_PASSWORD_LIMITS.nameMaxLength} characters` }),
});
export type AppPasswordCreateBody = z.infer<typeof AppPasswordCreateBody>;

/** What a list shows: never the secret. Dates are ISO strings in UTC; `lastUsedAt` moves at most once a minute. */
export const AppPassword = z.object({
  id: Uuid,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type AppPassword = z.infer<typeof AppPassword>;

export const AppPasswordList = z.object({ content: z.array(AppPassword) });
export type AppPasswordList = z.infer<typeof AppPasswordList>;

/** The creation's answer: the only time the secret is ever sent. */
export const AppPasswordCreated = AppPassword.extend({ secret: z.string() });
export type AppPasswordCreated = z.infer<typeof AppPasswordCreated>;

export const AppPasswordParams = z.object({ id: Uuid });
export type AppPasswordParams = z.infer<typeof AppPasswordParams>;
