// What a drag does to the draft: a question carried over a question of another section (or an empty section) moves
// there at once, so the list opens a gap where it will land; the drop settles its place; a section drop reorders sections.
import { moveQuestionTo, moveSectionTo, sectionOf } from "../builder-operations.ts";
import type { SurveyDraft } from "../survey-draft.ts";
import { parseDragId } from "./selection.ts";

/** While dragging: a question entering another section arrives at the edge it crossed. Null when nothing moves. */
export function questionDraggedOver(draft: SurveyDraft, activeDragId: string | number, overDragId: string | number): SurveyDraft | null {
  const active = parseDragId(activeDragId);
  const over = parseDragId(overDragId);
  if (active?.kind !== "question" || !over) return null;
  const from = sectionOf(draft, active.id);
  if (!from) return null;
  if (over.kind === "drop") return over.id === from.id ? null : moveQuestionTo(draft, active.id, over.id, 0);
  if (over.kind !== "question") return null;
  const to = sectionOf(draft, over.id);
  if (!to || to.id === from.id) return null;
  const fromIndex = draft.sections.indexOf(from);
  const toIndex = draft.sections.indexOf(to);
  const overIndex = to.questions.indexOf(over.id);
  return moveQuestionTo(draft, active.id, to.id, fromIndex < toIndex ? overIndex : overIndex + 1);
}

/** At the drop: a question takes the place of the question it was dropped on; a section the place of the section. */
export function dropped(draft: SurveyDraft, activeDragId: string | number, overDragId: string | number): SurveyDraft | null {
  const active = parseDragId(activeDragId);
  const over = parseDragId(overDragId);
  if (!active || !over || active.id === over.id) return null;
  if (active.kind === "section" && over.kind === "section") {
    return moveSectionTo(
      draft,
      active.id,
      draft.sections.findIndex((section) => section.id === over.id),
    );
  }
  if (active.kind !== "question" || over.kind !== "question") return null;
  const section = sectionOf(draft, over.id);
  if (!section?.questions.includes(active.id)) return null;
  return moveQuestionTo(draft, active.id, section.id, section.questions.indexOf(over.id));
}
