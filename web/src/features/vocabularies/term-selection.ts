// Which parsed rows are chosen for import. Only valid rows can be chosen (spec 2 §4); rows are known by their number.
import type { TermFileRow } from "@repox/contracts";

export type Selection = ReadonlySet<number>;

export function toggleRow(selection: Selection, row: TermFileRow, isChosen: boolean): Selection {
  const next = new Set(selection);
  if (isChosen && row.valid) next.add(row.row);
  else next.delete(row.row);
  return next;
}

/** Every valid row, or none when every valid row is chosen already. */
export function toggleAllValid(selection: Selection, rows: readonly TermFileRow[]): Selection {
  const valid = rows.filter((row) => row.valid);
  const allChosen = valid.length > 0 && valid.every((row) => selection.has(row.row));
  return allChosen ? new Set() : new Set(valid.map((row) => row.row));
}

/** The terms to send, in file order. */
export function chosenTerms(selection: Selection, rows: readonly TermFileRow[]): TermFileRow["data"][] {
  return rows.filter((row) => row.valid && selection.has(row.row)).map((row) => row.data);
}
