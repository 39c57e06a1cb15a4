// What the builder does to a draft (spec 3 §2 "Builder operations", §4 "Survey builder"): add, duplicate, delete and
// move questions and sections, change a question's type, edit options with their branches. Every change returns a
// new draft; branches that lose their section or option are dropped on the way.
import { BRANCHING_TYPES, changeQuestionType, type Question, type QuestionType, type Section, SUBMIT_TARGET } from "@repox/contracts";
import { newItemId, newQuestion, type SurveyDraft } from "./survey-draft.ts";

export function sectionOf(draft: SurveyDraft, questionId: string): Section | undefined {
  return draft.sections.find((section) => section.questions.includes(questionId));
}

export function questionById(draft: SurveyDraft, questionId: string): Question | undefined {
  return draft.questions.find((question) => question.id === questionId);
}

/** Drops branches whose option or section is gone. */
function pruneBranches(draft: SurveyDraft): SurveyDraft {
  const sectionIds = new Set(draft.sections.map((section) => section.id));
  let changed = false;
  const questions = draft.questions.map((question) => {
    const goTo = question.details.goTo;
    if (!goTo) return question;
    const options = question.details.options ?? [];
    const kept = Object.fromEntries(
      Object.entries(goTo).filter(
        ([option, target]) =>
          BRANCHING_TYPES.includes(question.type) && options.includes(option) && (target === SUBMIT_TARGET || sectionIds.has(target)),
      ),
    );
    if (Object.keys(kept).length === Object.keys(goTo).length) return question;
    changed = true;
    const { goTo: _dropped, ...details } = question.details;
    return { ...question, details: Object.keys(kept).length > 0 ? { ...details, goTo: kept } : details };
  });
  return changed ? { ...draft, questions } : draft;
}

export function addSection(draft: SurveyDraft, title: string): { draft: SurveyDraft; sectionId: string } {
  const section: Section = { id: newItemId("s"), title, description: "", questions: [] };
  return { draft: { ...draft, sections: [...draft.sections, section] }, sectionId: section.id };
}

/** Removes a section with its questions. */
export function removeSection(draft: SurveyDraft, sectionId: string): SurveyDraft {
  const section = draft.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return draft;
  const gone = new Set(section.questions);
  return pruneBranches({
    ...draft,
    sections: draft.sections.filter((candidate) => candidate.id !== sectionId),
    questions: draft.questions.filter((question) => !gone.has(question.id)),
  });
}

export function updateSection(draft: SurveyDraft, section: Section): SurveyDraft {
  return { ...draft, sections: draft.sections.map((candidate) => (candidate.id === section.id ? section : candidate)) };
}

/** Adds a SHORT_ANSWER question after `afterQuestionId`, or at the end of the section. */
export function addQuestion(
  draft: SurveyDraft,
  sectionId: string,
  title: string,
  afterQuestionId?: string,
): { draft: SurveyDraft; questionId: string } {
  const question = newQuestion(title);
  return { draft: insertQuestion(draft, question, sectionId, afterQuestionId), questionId: question.id };
}

function insertQuestion(draft: SurveyDraft, question: Question, sectionId: string, afterQuestionId?: string): SurveyDraft {
  const sections = draft.sections.map((section) => {
    if (section.id !== sectionId) return section;
    const after = afterQuestionId ? section.questions.indexOf(afterQuestionId) : -1;
    const at = after >= 0 ? after + 1 : section.questions.length;
    return { ...section, questions: [...section.questions.slice(0, at), question.id, ...section.questions.slice(at)] };
  });
  return { ...draft, sections, questions: [...draft.questions, question] };
}

/** A copy right after the original, with a new id; the copy does not branch (one branching question a section). */
export function duplicateQuestion(draft: SurveyDraft, questionId: string): { draft: SurveyDraft; questionId: string } | null {
  const question = questionById(draft, questionId);
  const section = sectionOf(draft, questionId);
  if (!question || !section) return null;
  const { goTo: _branches, ...details } = question.details;
  const copy: Question = { ...structuredClone(question), id: newItemId("q"), details: structuredClone(details) };
  return { draft: insertQuestion(draft, copy, section.id, questionId), questionId: copy.id };
}

export function removeQuestion(draft: SurveyDraft, questionId: string): SurveyDraft {
  return {
    ...draft,
    sections: draft.sections.map((section) => ({ ...section, questions: section.questions.filter((id) => id !== questionId) })),
    questions: draft.questions.filter((question) => question.id !== questionId),
  };
}

export function updateQuestion(draft: SurveyDraft, question: Question): SurveyDraft {
  return pruneBranches({ ...draft, questions: draft.questions.map((candidate) => (candidate.id === question.id ? question : candidate)) });
}

/** Spec 3 §4: the type's defaults, title and description kept (options too between MULTIPLE_CHOICE and CHECKBOXES). */
export function setQuestionType(draft: SurveyDraft, questionId: string, type: QuestionType): SurveyDraft {
  const question = questionById(draft, questionId);
  if (!question || question.type === type) return draft;
  return updateQuestion(draft, changeQuestionType(question, type));
}

/** Puts a question at `index` of a section (a drop), taking it out of wherever it was. */
export function moveQuestionTo(draft: SurveyDraft, questionId: string, sectionId: string, index: number): SurveyDraft {
  const from = sectionOf(draft, questionId);
  if (!from || !draft.sections.some((section) => section.id === sectionId)) return draft;
  const sections = draft.sections.map((section) => {
    const without = section.questions.filter((id) => id !== questionId);
    if (section.id !== sectionId) return without.length === section.questions.length ? section : { ...section, questions: without };
    const at = Math.max(0, Math.min(index, without.length));
    return { ...section, questions: [...without.slice(0, at), questionId, ...without.slice(at)] };
  });
  return { ...draft, sections };
}

/**
 * One step up (-1) or down (+1): inside its section, or across the edge into the end of the section before or the start
 * of the section after. Null when there is nowhere to go.
 */
export function moveQuestionBy(draft: SurveyDraft, questionId: string, step: -1 | 1): SurveyDraft | null {
  const sectionIndex = draft.sections.findIndex((section) => section.questions.includes(questionId));
  const section = draft.sections[sectionIndex];
  if (!section) return null;
  const index = section.questions.indexOf(questionId);
  const target = index + step;
  if (target >= 0 && target < section.questions.length) return moveQuestionTo(draft, questionId, section.id, target);
  const neighbour = draft.sections[sectionIndex + step];
  if (!neighbour) return null;
  return moveQuestionTo(draft, questionId, neighbour.id, step < 0 ? neighbour.questions.length : 0);
}

export function moveSectionTo(draft: SurveyDraft, sectionId: string, index: number): SurveyDraft {
  const section = draft.sections.find((candidate) => candidate.id === sectionId);
  if (!section) return draft;
  const rest = draft.sections.filter((candidate) => candidate.id !== sectionId);
  const at = Math.max(0, Math.min(index, rest.length));
  return { ...draft, sections: [...rest.slice(0, at), section, ...rest.slice(at)] };
}

export function moveSectionBy(draft: SurveyDraft, sectionId: string, step: -1 | 1): SurveyDraft | null {
  const index = draft.sections.findIndex((section) => section.id === sectionId);
  const target = index + step;
  if (index < 0 || target < 0 || target >= draft.sections.length) return null;
  return moveSectionTo(draft, sectionId, target);
}

/** Where an option of this question may lead: the sections after its own, then the end of the survey. */
export function branchTargets(draft: SurveyDraft, questionId: string): Section[] {
  const home = draft.sections.findIndex((section) => section.questions.includes(questionId));
  return home < 0 ? [] : draft.sections.slice(home + 1);
}

// ---- Options of DROPDOWN, MULTIPLE_CHOICE and CHECKBOXES (a renamed option keeps its branch) ----

export function renameOption(question: Question, index: number, value: string): Question {
  const options = [...(question.details.options ?? [])];
  const previous = options[index];
  if (previous === undefined) return question;
  options[index] = value;
  const goTo = question.details.goTo;
  if (!goTo || !(previous in goTo) || options.includes(previous)) return { ...question, details: { ...question.details, options } };
  const { [previous]: target, ...rest } = goTo;
  return { ...question, details: { ...question.details, options, goTo: target === undefined ? rest : { ...rest, [value]: target } } };
}

/** Adds 'Option n' with the first n that is not taken. */
export function addOption(question: Question, label: (n: number) => string): Question {
  const options = question.details.options ?? [];
  let n = options.length + 1;
  while (options.includes(label(n))) n += 1;
  return { ...question, details: { ...question.details, options: [...options, label(n)] } };
}

export function removeOption(question: Question, index: number): Question {
  const options = question.details.options ?? [];
  const removed = options[index];
  const next = options.filter((_, i) => i !== index);
  const goTo = question.details.goTo;
  if (!goTo || removed === undefined || next.includes(removed)) return { ...question, details: { ...question.details, options: next } };
  const { [removed]: _target, ...rest } = goTo;
  return { ...question, details: { ...question.details, options: next, goTo: rest } };
}

export function moveOption(question: Question, index: number, step: -1 | 1): Question {
  const options = [...(question.details.options ?? [])];
  const target = index + step;
  if (target < 0 || target >= options.length) return question;
  [options[index], options[target]] = [options[target] as string, options[index] as string];
  return { ...question, details: { ...question.details, options } };
}

/** Sets (or with null clears) where an option leads. */
export function setBranch(question: Question, option: string, target: string | null): Question {
  const { [option]: _previous, ...rest } = question.details.goTo ?? {};
  const goTo = target === null ? rest : { ...rest, [option]: target };
  return { ...question, details: { ...question.details, goTo } };
}
