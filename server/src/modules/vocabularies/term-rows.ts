// The rules a term must pass to be imported, applied to spreadsheet rows (stage one) and to the terms sent for
// import (stage two): the field rules of TermCreateBody, no termId twice in one batch, none already in the vocabulary.
import { VOCABULARY_LIMITS as L, type TermCreateBody, type TermFileRow, type TermImportBody, termErrors } from "@repox/contracts";
import type { RawTermRow, TermCells } from "./term-file-reader.ts";

/** Import answers list at most this many problems, then say how many more there were. */
const MAX_LISTED_ERRORS = 1000;

const trimmed = (cells: TermCells): TermCells => ({
  termId: cells.termId.trim(),
  label: cells.label.trim(),
  termUri: cells.termUri.trim(),
});

/** A cell far over its limit is already an error; the answer need not carry all of it back. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** Stage one: every row with its problems; `existing` holds the term ids of the batch already in the vocabulary. */
export function checkFileRows(rows: readonly RawTermRow[], existing: ReadonlySet<string>): TermFileRow[] {
  const firstRowOf = new Map<string, number>();
  return rows.map(({ row, data, errors: cellErrors }) => {
    const term = trimmed(data);
    const errors = [...cellErrors, ...termErrors(term)];
    const firstRow = firstRowOf.get(term.termId);
    if (term.termId && firstRow !== undefined)
      errors.push(`termId '${term.termId}' appears more than once in the file (first on row ${firstRow})`);
    else if (term.termId) firstRowOf.set(term.termId, row);
    if (existing.has(term.termId)) errors.push(`termId '${term.termId}' already exists in this vocabulary`);
    return {
      row,
      data: {
        termId: clip(term.termId, L.termIdMaxLength),
        label: clip(term.label, L.labelMaxLength),
        termUri: clip(term.termUri, L.uriMaxLength),
      },
      valid: errors.length === 0,
      errors,
    };
  });
}

export type ImportPlan = { accepted: TermCreateBody[]; errors: string[] };

function describe(position: number, termId: string) {
  return termId ? `Term '${clip(termId, 100)}' (item ${position})` : `Item ${position}`;
}

/** Stage two: the terms to insert, and a message for each one refused. */
export function planImport(data: TermImportBody["data"], existing: ReadonlySet<string>): ImportPlan {
  const accepted: TermCreateBody[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  data.forEach((item, index) => {
    const term = trimmed({ termId: item.termId ?? "", label: item.label ?? "", termUri: item.termUri ?? "" });
    const problems = termErrors(term);
    if (seen.has(term.termId)) problems.push("termId appears more than once in this import");
    if (existing.has(term.termId)) problems.push("termId already exists in this vocabulary");
    if (problems.length > 0) {
      errors.push(`${describe(index + 1, term.termId)} was not imported: ${problems.join("; ")}`);
      return;
    }
    seen.add(term.termId);
    accepted.push(term);
  });
  return { accepted, errors };
}

/** The errors an import answers, shortened to a readable length. */
export function listedErrors(errors: readonly string[]): string[] {
  if (errors.length <= MAX_LISTED_ERRORS) return [...errors];
  const more = errors.length - MAX_LISTED_ERRORS;
  return [...errors.slice(0, MAX_LISTED_ERRORS), `… and ${more} more terms were not imported`];
}
