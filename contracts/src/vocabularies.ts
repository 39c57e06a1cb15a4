// Controlled vocabularies and their terms (spec 2 "Vocabularies and terms", §3, §7, §9), term spreadsheets and usages.
import { z } from "zod";
import { LIMITS, PageQuery, Uuid } from "./common.ts";
import { TypeUsageItem, UsageItem } from "./content-model.ts";
import { readOnlyFields } from "./read-back.ts";

export const VOCABULARY_LIMITS = {
  nameMaxLength: 255,
  descriptionMaxLength: LIMITS.descriptionMaxLength,
  uriMaxLength: 2000,
  /** Property values store term ids of up to 255 characters. */
  termIdMaxLength: 255,
  labelMaxLength: 2000,
  searchMaxLength: 255,
  /** Spec 2 §9: term search starts with 3 typed characters, 600 ms after the last key. */
  termSearchMinLength: 3,
  termSearchDebounceMs: 600,
  termPageSize: 20,
  vocabularyPageSize: 20,
  /** Spec 2 §9: usage tables offer 5, 10 and 25 rows, 10 by default. */
  usagePageSizes: [5, 10, 25],
  usageDefaultPageSize: 10,
  /** A term spreadsheet: at most this many bytes uploaded, data rows, and bytes once unzipped (xlsx). */
  fileMaxBytes: 20 * 1024 * 1024,
  fileMaxRows: 50_000,
  fileMaxUnzippedBytes: 64 * 1024 * 1024,
  /** One import request: at most this many terms and bytes; the web sends bigger selections in batches. */
  importMaxTerms: 50_000,
  importMaxBytes: 16 * 1024 * 1024,
  importBatchTerms: 5000,
} as const;

const L = VOCABULARY_LIMITS;

/** The spreadsheet kinds stage one reads (spec 2 §5 asks for Excel; CSV is what Excel also saves). */
export const TERM_FILE_EXTENSIONS = [".xlsx", ".csv"] as const;
export const TERM_FILE_COLUMNS = ["termId", "label", "termUri"] as const;
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

// A control character (tab, newline, NUL, ...) has no place in an identifier, a label or a URI.
const CONTROL_CHARACTER = /\p{Cc}/u;

/** Only web addresses: a term URI is shown as a link, so `javascript:` and friends are refused. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !CONTROL_CHARACTER.test(value), { error: "must not contain control characters such as tabs or line breaks" });
const requiredText = (max: number) => text(max).refine((value) => value.length > 0, { error: "is required" });
const OptionalUrl = text(L.uriMaxLength)
  .refine((value) => value === "" || isHttpUrl(value), { error: "must be a valid http or https URL" })
  .default("");

export const Vocabulary = z.object({
  uuid: Uuid,
  name: z.string(),
  description: z.string(),
  vocUri: z.string(),
  termCount: z.number().int(),
});
export type Vocabulary = z.infer<typeof Vocabulary>;

export const VocabularyBody = z.object({
  name: requiredText(L.nameMaxLength),
  description: text(L.descriptionMaxLength).default(""),
  vocUri: OptionalUrl,
});
export type VocabularyBody = z.infer<typeof VocabularyBody>;
export type VocabularyBodyInput = z.input<typeof VocabularyBody>;
export const VOCABULARY_READ_ONLY_FIELDS = readOnlyFields(Vocabulary, VocabularyBody);

export const VocabularyListQuery = PageQuery.extend({ q: z.string().trim().max(L.searchMaxLength).optional() });
export type VocabularyListQuery = z.infer<typeof VocabularyListQuery>;

export const VocabularyParams = z.object({ uuid: Uuid });

export const Term = z.object({ termId: z.string(), label: z.string(), termUri: z.string() });
export type Term = z.infer<typeof Term>;

export const TermCreateBody = z.object({
  termId: requiredText(L.termIdMaxLength),
  label: requiredText(L.labelMaxLength),
  termUri: OptionalUrl,
});
export type TermCreateBody = z.infer<typeof TermCreateBody>;
export type TermCreateBodyInput = z.input<typeof TermCreateBody>;

export const TermUpdateBody = TermCreateBody.omit({ termId: true });
export type TermUpdateBody = z.infer<typeof TermUpdateBody>;
/** The term id is the one in the path and is not changed by a PUT. */
export const TERM_READ_ONLY_FIELDS = readOnlyFields(Term, TermUpdateBody);

/**
 * /terms/{termId}: the term id is the rest of the path (a wildcard), so an id of 255 escaped characters is not cut by
 * the router's 100-character limit on a path parameter.
 */
export const TermParams = z.object({
  uuid: Uuid,
  "*": z
    .string()
    .min(1, { error: "termId is required" })
    .max(L.termIdMaxLength, { error: `termId must be at most ${L.termIdMaxLength} characters` }),
});

export const TermListQuery = PageQuery.extend({ q: z.string().trim().max(L.searchMaxLength).optional() });
export type TermListQuery = z.infer<typeof TermListQuery>;

/** The messages of a term that breaks a rule, each naming its field: `termUri must be a valid http or https URL`. */
export function termErrors(candidate: unknown): string[] {
  const parsed = TermCreateBody.safeParse(candidate);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const field = issue.path.join(".");
    const message = issue.code === "invalid_type" ? "must be text" : issue.message;
    return field ? `${field} ${message}` : message;
  });
}

/** One parsed spreadsheet row (stage one): the cells as read, whether it may be imported, and why not. */
export const TermFileRow = z.object({
  /** The row's number in the spreadsheet, header included, as the spreadsheet program shows it. */
  row: z.number().int(),
  data: z.object({ termId: z.string(), label: z.string(), termUri: z.string() }),
  valid: z.boolean(),
  errors: z.array(z.string()),
});
export type TermFileRow = z.infer<typeof TermFileRow>;
export const TermFileRows = z.object({ rows: z.array(TermFileRow) });
export type TermFileRows = z.infer<typeof TermFileRows>;

/** Stage two. Items are checked one by one by the server, so a bad row is reported instead of failing the request. */
const ImportCell = z
  .string()
  .max(L.uriMaxLength * 2)
  .nullish();
export const TermImportBody = z.object({
  data: z
    .array(z.object({ termId: ImportCell, label: ImportCell, termUri: ImportCell }))
    .min(1, { error: "must hold at least one term" })
    .max(L.importMaxTerms, { error: `must hold at most ${L.importMaxTerms} terms` }),
});
export type TermImportBody = z.infer<typeof TermImportBody>;

/** Rows are imported one by one in one transaction: valid rows are saved, the others are listed in `errors`. */
export const TermImportResult = z.object({ valid: z.boolean(), imported: z.number().int(), errors: z.array(z.string()) });
export type TermImportResult = z.infer<typeof TermImportResult>;

export const VocabularyExportBody = z.object({ format: z.literal("XLSX", { error: 'must be "XLSX"' }).default("XLSX") });

/** Where terms of the vocabulary are used as property values. */
export const VocabularyUsages = z.object({ containers: z.array(UsageItem), datastreams: z.array(UsageItem) });
export type VocabularyUsages = z.infer<typeof VocabularyUsages>;

export const PropertyUsageItem = z.object({ propertyKey: z.string(), displayName: z.string() });
export type PropertyUsageItem = z.infer<typeof PropertyUsageItem>;

/** Which vocabulary-flat properties name the vocabulary, and which types carry those properties. */
export const VocabularyContentModelUsages = z.object({
  properties: z.array(PropertyUsageItem),
  containerTypes: z.array(TypeUsageItem),
  datastreamTypes: z.array(TypeUsageItem),
});
export type VocabularyContentModelUsages = z.infer<typeof VocabularyContentModelUsages>;

/** The file name of an export (spec 2 §9: voc-{name}.xlsx). */
export function vocabularyExportFileName(name: string): string {
  return `voc-${name}.xlsx`;
}
