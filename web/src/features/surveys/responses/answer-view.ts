// One answer of a response as the read-only view draws it (spec 3 §2 Individual and single response views): the
// question comes from the response's own snapshot, so options, rows and scale ends are those the respondent saw; dates
// and times are written as the summary writes them (spec 3 §9: DD/MM/YYYY, h:mm a).
import type { Question } from "@repox/contracts";
import { formatTextAnswer } from "../../../components/survey-summary/summary-model.ts";

export type ChoiceLine = { label: string; isChecked: boolean };
export type AnswerView =
  | { kind: "label" }
  | { kind: "none" }
  | { kind: "text"; text: string }
  | { kind: "choices"; isMultiple: boolean; lines: ChoiceLine[]; other: string | null }
  | {
      kind: "grid";
      isMultiple: boolean;
      rows: { id: string; label: string }[];
      columns: { id: string; label: string }[];
      checked: Set<string>;
    }
  | { kind: "scale"; values: number[]; chosen: number; fromLabel: string; toLabel: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The grid cell key of a row and column id. */
export function gridCell(rowId: string, columnId: string): string {
  return `${rowId}\u0000${columnId}`;
}

function choiceLines(options: string[], chosen: string[]): ChoiceLine[] {
  const lines = options.map((option) => ({ label: option, isChecked: chosen.includes(option) }));
  // An answer naming an option the snapshot lacks is still shown rather than lost.
  for (const answer of chosen) if (!options.includes(answer)) lines.push({ label: answer, isChecked: true });
  return lines;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value) && "answers" in value) return strings(value.answers).length === 0 && !value.other;
  return false;
}

export function answerView(question: Question, value: unknown): AnswerView {
  if (question.type === "LABEL") return { kind: "label" };
  if (isEmpty(value)) return { kind: "none" };
  const details = question.details;
  switch (question.type) {
    case "DROPDOWN":
      return { kind: "choices", isMultiple: false, lines: choiceLines(details.options ?? [], [String(value)]), other: null };
    case "MULTIPLE_CHOICE":
    case "CHECKBOXES": {
      const answer = isRecord(value) ? value : {};
      const other = typeof answer.other === "string" && answer.other.trim() ? answer.other : null;
      return {
        kind: "choices",
        isMultiple: question.type === "CHECKBOXES",
        lines: choiceLines(details.options ?? [], strings(answer.answers)),
        other,
      };
    }
    case "MULTIPLE_CHOICE_GRID":
    case "CHECKBOX_GRID": {
      const checked = new Set<string>();
      for (const row of Array.isArray(value) ? value : []) {
        if (!isRecord(row) || typeof row.rowId !== "string") continue;
        for (const columnId of strings(row.columnIds)) checked.add(gridCell(row.rowId, columnId));
      }
      return {
        kind: "grid",
        isMultiple: question.type === "CHECKBOX_GRID",
        rows: (details.rows ?? []).map((row) => ({ id: row.id, label: row.value })),
        columns: (details.columns ?? []).map((column) => ({ id: column.id, label: column.value })),
        checked,
      };
    }
    case "LINEAR_SCALE": {
      const from = details.from ?? 1;
      const to = details.to ?? Math.max(from, Number(value));
      const values = [];
      for (let scale = from; scale <= to; scale++) values.push(scale);
      return { kind: "scale", values, chosen: Number(value), fromLabel: details.fromLabel ?? "", toLabel: details.toLabel ?? "" };
    }
    default:
      return { kind: "text", text: formatTextAnswer(question.type, String(value)) };
  }
}

/** The snapshot's questions in section order (questions no section names come last), each with its answer. */
export function answeredQuestions(
  questions: Question[],
  sections: { id: string; title: string; questions: string[] }[],
  answers: { id: string; value: unknown }[],
) {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const values = new Map(answers.map((answer) => [answer.id, answer.value]));
  const placed = new Set<string>();
  const groups = sections.map((section) => ({
    id: section.id,
    title: section.title,
    questions: section.questions.flatMap((id) => {
      const question = byId.get(id);
      if (!question) return [];
      placed.add(id);
      return [{ question, value: values.get(id) }];
    }),
  }));
  const rest = questions.filter((question) => !placed.has(question.id)).map((question) => ({ question, value: values.get(question.id) }));
  if (rest.length > 0) groups.push({ id: "", title: "", questions: rest });
  return groups;
}
