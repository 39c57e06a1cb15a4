// Content import from a spreadsheet (spec 1 §4 import wizard, §7 POST /import/preview and /import/submit, §8).
//
// The file: the first row names the columns: `label`, `type` (a container type code), then one column per property
// key. A repeatable property takes several values in repeated columns with the same header, or in one cell separated
// by IMPORT_LIMITS.valueSeparator ("|"; write "\|" for a bar inside a value). A cell may also hold a whole property
// value as JSON, {"values": ..., "qualifiers": [...]}, for qualifiers or places (spatial-map). The preview saves
// nothing; submit checks every container again and creates them all in one transaction, or none.
import { z } from "zod";
import { Destination, PropertyValueInputs } from "./content.ts";

export const IMPORT_LIMITS = {
  /** An import spreadsheet: at most this many bytes uploaded, data rows (containers), and bytes once unzipped (xlsx). */
  fileMaxBytes: 10 * 1024 * 1024,
  fileMaxUnzippedBytes: 64 * 1024 * 1024,
  maxRows: 2000,
  /** POST /import/submit body. */
  submitMaxBytes: 32 * 1024 * 1024,
  /** Separates the values of a repeatable property (or of a multi-select, vocabulary or reference value) in a cell. */
  valueSeparator: "|",
  /** At most this many errors and as many warnings are answered; a last one says how many more there were. */
  maxIssues: 500,
} as const;

/** The kinds of file the import wizard accepts (spec 1 §5 asks for spreadsheets; CSV is what Excel also saves). */
export const IMPORT_FILE_EXTENSIONS = [".xlsx", ".csv"] as const;
export const IMPORT_COLUMNS = { label: "label", type: "type" } as const;

/** POST /api/import/preview?to={containerUuid|ROOT}: where the containers would be created. */
export const ImportQuery = z.object({ to: Destination });
export type ImportQuery = z.infer<typeof ImportQuery>;

/** A container to create. Label and type are checked by the server row by row, so messages can name the row. */
export const ImportContainer = z.object({
  /** The spreadsheet row it came from (the header is row 1); messages name it. */
  row: z.number().int().positive().max(10_000_000).optional(),
  label: z.string({ error: "must be text" }).max(10_000),
  type: z.string({ error: "must be a container type code" }).max(100),
  properties: PropertyValueInputs,
});
export type ImportContainer = z.infer<typeof ImportContainer>;
export type ImportContainerInput = z.input<typeof ImportContainer>;

export const ImportIssue = z.object({ row: z.number().int(), message: z.string() });
export type ImportIssue = z.infer<typeof ImportIssue>;

export const ImportPreview = z.object({
  /** Every data row that is not empty, in file order, with property values normalised where they are valid. */
  containers: z.array(ImportContainer),
  errors: z.array(ImportIssue),
  warnings: z.array(ImportIssue),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportSubmitBody = z.object({
  to: Destination,
  containers: z
    .array(ImportContainer)
    .min(1, { error: "Choose at least one container to import" })
    .max(IMPORT_LIMITS.maxRows, { error: `must hold at most ${IMPORT_LIMITS.maxRows} containers` }),
});
export type ImportSubmitBody = z.infer<typeof ImportSubmitBody>;
export type ImportSubmitBodyInput = z.input<typeof ImportSubmitBody>;

/** The uuids of the created containers, in the order they were given. */
export const ImportSubmitResult = z.object({ created: z.array(z.string()) });
export type ImportSubmitResult = z.infer<typeof ImportSubmitResult>;

/** Spec 1 §8, word for word: the wizard's notices when the preview holds errors or warnings. */
export const IMPORT_MESSAGES = {
  errors: "The file you uploaded has some errors. Please resolve them and reupload.",
  warnings: "The file you uploaded has some warnings",
} as const;
