// Shapes shared by every area: the error body, the page envelope and the limits both sides use.
import { z } from "zod";

export const ErrorBody = z.object({
  status: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const LIMITS = {
  passwordMinLength: 8,
  passwordMaxLength: 256,
  usernameMaxLength: 100,
  nameMaxLength: 100,
  emailMaxLength: 254,
  descriptionMaxLength: 255,
  groupNameMaxLength: 100,
  maxPageSize: 200,
  defaultPageSize: 20,
} as const;

/** Zero-based page request shared by every list route. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.defaultPageSize),
});
export type PageQuery = z.infer<typeof PageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
    numberOfElements: z.number().int(),
    pageable: z.object({ pageNumber: z.number().int(), pageSize: z.number().int() }),
  });
}
export type Page<T> = {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
  empty: boolean;
  numberOfElements: number;
  pageable: { pageNumber: number; pageSize: number };
};

export function toPage<T>(content: T[], totalElements: number, { page, size }: PageQuery): Page<T> {
  const totalPages = Math.ceil(totalElements / size);
  return {
    content,
    number: page,
    size,
    totalElements,
    totalPages,
    first: page === 0,
    last: page >= totalPages - 1,
    empty: content.length === 0,
    numberOfElements: content.length,
    pageable: { pageNumber: page, pageSize: size },
  };
}

/** Largest value of a PostgreSQL `integer` (serial ids such as group ids). */
/** A one-file upload as multipart/form-data (a spreadsheet to read), for the API document: the part `file`. */
export const FileUploadForm = z.object({ file: z.file() });

export const INTEGER_ID_MAX = 2_147_483_647;
export const IntegerId = z.number().int().min(1).max(INTEGER_ID_MAX);

export const Uuid = z.uuid({ error: "must be a valid UUID" });
export const Email = z.email({ error: "must be a valid e-mail address" }).max(LIMITS.emailMaxLength);
export const Password = z
  .string()
  .min(LIMITS.passwordMinLength, { error: `must be at least ${LIMITS.passwordMinLength} characters` })
  .max(LIMITS.passwordMaxLength);

export const TENANT_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{1,62}$/;
/** First path segments the app itself uses; a tenant may not be named after one. */
export const RESERVED_TENANT_CODES = [
  "api",
  "assets",
  "static",
  "health",
  "login",
  "logout",
  "register",
  "forgot-password",
  "reset-password",
  "admin",
  "platform",
  "docs",
  "favicon.ico",
  "robots.txt",
  "index.html",
] as const;
export const TenantCode = z
  .string()
  .regex(TENANT_CODE_PATTERN, {
    error: "must be 2 to 63 lowercase letters, digits or dashes, starting with a letter or digit",
  })
  .refine((code) => !(RESERVED_TENANT_CODES as readonly string[]).includes(code), {
    error: "is a reserved word",
  });

/**
 * A field's path as error messages name it: keys joined by dots, list positions in brackets
 * (`storyDetails.screen.slides[3].elements[2].width`).
 */
export function fieldPath(segments: readonly PropertyKey[]): string {
  let path = "";
  for (const segment of segments) {
    if (typeof segment === "number" || (typeof segment === "string" && /^\d+$/.test(segment))) path += `[${String(segment)}]`;
    else path += path ? `.${String(segment)}` : String(segment);
  }
  return path;
}
