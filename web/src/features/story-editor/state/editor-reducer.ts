// The story editor's one source of truth: the draft with its undo/redo history, the last saved draft and what is
// selected. Every change to the story goes through `editorReducer`; selection is not a change and is not undone.
import type { ElementAnimation, Slide, SlideAnimation, SlideDetails, StoryBackground, StoryElement, StoryTag } from "@repox/contracts";
import {
  addElement,
  deleteElement,
  type Geometry,
  nudgeElement,
  restackElement,
  rotateElement,
  type StackMove,
  setGeometry,
  sizeImage,
  updateElement,
  updateElementAnimation,
} from "./element-operations.ts";
import { amend, type History, historyOf, record, redo, undo } from "./history.ts";
import {
  addSlide,
  deleteSlide,
  duplicateSlide,
  moveSlide,
  type SlideFields,
  slideToAdd,
  updateSlide,
  updateSlideAnimation,
  updateSlideBackground,
} from "./slide-operations.ts";
import type { StoryDraft } from "./story-draft.ts";

export type Selection = { slideId: string | null; elementId: string | null };

export type EditorState = {
  history: History<StoryDraft>;
  /** The draft as last loaded or saved: the editor has unsaved changes while `history.present` is another. */
  saved: StoryDraft;
  selection: Selection;
};

export type StoryFields = Partial<Pick<StoryDraft, "title" | "description" | "coverPage" | "isTemplate">>;

/** `mergeKey`: consecutive changes with the same key are one undo step (typing in one field). */
type Merge = { mergeKey?: string };

export type EditorAction =
  | ({ type: "story/update"; fields: StoryFields } & Merge)
  | { type: "story/tags"; tags: StoryTag[] }
  | { type: "slide/add"; id: string; template?: { id: string; slideDetails: SlideDetails } }
  | { type: "slide/duplicate"; slideId: string; copyId: string }
  | { type: "slide/delete"; slideId: string }
  | { type: "slide/move"; from: number; to: number }
  | { type: "slide/select"; slideId: string }
  | ({ type: "slide/update"; slideId: string; fields: SlideFields } & Merge)
  | ({ type: "slide/background"; slideId: string; fields: Partial<StoryBackground> } & Merge)
  | ({ type: "slide/animation"; slideId: string; fields: Partial<SlideAnimation> } & Merge)
  | { type: "element/add"; element: StoryElement }
  | { type: "element/select"; elementId: string | null }
  | { type: "element/geometry"; elementId: string; geometry: Partial<Geometry> }
  | { type: "element/nudge"; dx: number; dy: number }
  | { type: "element/rotate"; direction: 1 | -1 }
  | { type: "element/restack"; elementId: string; move: StackMove }
  | ({ type: "element/update"; elementId: string; name?: string; data?: Record<string, unknown> } & Merge)
  | ({ type: "element/animation"; elementId: string; fields: Partial<ElementAnimation> } & Merge)
  | { type: "element/delete"; elementId?: string }
  | { type: "image/loaded"; slideId: string; elementId: string; natural: { width: number; height: number } }
  | { type: "history/undo" }
  | { type: "history/redo" }
  | { type: "saved"; draft: StoryDraft };

export function initialEditorState(draft: StoryDraft): EditorState {
  const first = draft.storyDetails.screen.slides[0];
  return { history: historyOf(draft), saved: draft, selection: { slideId: first?.id ?? null, elementId: null } };
}

export const currentDraft = (state: EditorState) => state.history.present;
export const hasUnsavedChanges = (state: EditorState) => state.history.present !== state.saved;

export function selectedSlide(state: EditorState): Slide | undefined {
  return currentDraft(state).storyDetails.screen.slides.find((slide) => slide.id === state.selection.slideId);
}

export function selectedElement(state: EditorState): StoryElement | undefined {
  return selectedSlide(state)?.elements.find((element) => element.id === state.selection.elementId);
}

/** After an undo, a delete or a reorder, what is selected must still exist: else the nearest slide, no element. */
function keepSelectionValid(state: EditorState, preferredIndex = 0): EditorState {
  const slides = currentDraft(state).storyDetails.screen.slides;
  const slide = slides.find((candidate) => candidate.id === state.selection.slideId);
  const fallback = slides[Math.min(Math.max(preferredIndex, 0), slides.length - 1)];
  const slideId = slide?.id ?? fallback?.id ?? null;
  const elementId = slide?.elements.some((element) => element.id === state.selection.elementId) ? state.selection.elementId : null;
  if (slideId === state.selection.slideId && elementId === state.selection.elementId) return state;
  return { ...state, selection: { slideId, elementId } };
}

/** Records a change of the story's details; `null` mergeKey makes it an undo step of its own. */
function changeDetails(
  state: EditorState,
  change: (details: StoryDraft["storyDetails"]) => StoryDraft["storyDetails"],
  mergeKey?: string,
): EditorState {
  const draft = currentDraft(state);
  const storyDetails = change(draft.storyDetails);
  if (storyDetails === draft.storyDetails) return state;
  return { ...state, history: record(state.history, { ...draft, storyDetails }, mergeKey ?? null) };
}

function onSelectedElement(state: EditorState, change: (slideId: string, elementId: string) => EditorState): EditorState {
  const { slideId, elementId } = state.selection;
  return slideId && elementId ? change(slideId, elementId) : state;
}

function onSelectedSlide(state: EditorState, change: (slideId: string) => EditorState): EditorState {
  return state.selection.slideId ? change(state.selection.slideId) : state;
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "story/update": {
      const draft = currentDraft(state);
      return { ...state, history: record(state.history, { ...draft, ...action.fields }, action.mergeKey ?? null) };
    }
    case "story/tags":
      return { ...state, history: record(state.history, { ...currentDraft(state), tags: action.tags }) };
    case "slide/add": {
      const details = currentDraft(state).storyDetails;
      const next = changeDetails(state, (current) => addSlide(current, slideToAdd(details, action.id, action.template)));
      return { ...next, selection: { slideId: action.id, elementId: null } };
    }
    case "slide/duplicate": {
      const next = changeDetails(state, (details) => duplicateSlide(details, action.slideId, action.copyId));
      return next === state ? state : { ...next, selection: { slideId: action.copyId, elementId: null } };
    }
    case "slide/delete": {
      const index = currentDraft(state).storyDetails.screen.slides.findIndex((slide) => slide.id === action.slideId);
      return keepSelectionValid(
        changeDetails(state, (details) => deleteSlide(details, action.slideId)),
        index,
      );
    }
    case "slide/move":
      return changeDetails(state, (details) => moveSlide(details, action.from, action.to));
    case "slide/select":
      return keepSelectionValid({ ...state, selection: { slideId: action.slideId, elementId: null } });
    case "slide/update":
      return changeDetails(state, (details) => updateSlide(details, action.slideId, action.fields), action.mergeKey);
    case "slide/background":
      return changeDetails(state, (details) => updateSlideBackground(details, action.slideId, action.fields), action.mergeKey);
    case "slide/animation":
      return changeDetails(state, (details) => updateSlideAnimation(details, action.slideId, action.fields), action.mergeKey);
    case "element/add":
      return onSelectedSlide(state, (slideId) => {
        const next = changeDetails(state, (details) => addElement(details, slideId, action.element));
        return { ...next, selection: { slideId, elementId: action.element.id } };
      });
    case "element/select":
      return keepSelectionValid({ ...state, selection: { ...state.selection, elementId: action.elementId } });
    case "element/geometry":
      return onSelectedSlide(state, (slideId) =>
        changeDetails(state, (details) => setGeometry(details, slideId, action.elementId, action.geometry)),
      );
    case "element/nudge":
      return onSelectedElement(state, (slideId, elementId) =>
        changeDetails(state, (details) => nudgeElement(details, slideId, elementId, action.dx, action.dy), `nudge:${elementId}`),
      );
    case "element/rotate":
      return onSelectedElement(state, (slideId, elementId) =>
        changeDetails(state, (details) => rotateElement(details, slideId, elementId, action.direction)),
      );
    case "element/restack":
      return onSelectedSlide(state, (slideId) =>
        changeDetails(state, (details) => restackElement(details, slideId, action.elementId, action.move)),
      );
    case "element/update":
      return onSelectedSlide(state, (slideId) =>
        changeDetails(
          state,
          (details) => updateElement(details, slideId, action.elementId, { name: action.name, data: action.data }),
          action.mergeKey,
        ),
      );
    case "element/animation":
      return onSelectedSlide(state, (slideId) =>
        changeDetails(state, (details) => updateElementAnimation(details, slideId, action.elementId, action.fields), action.mergeKey),
      );
    case "element/delete": {
      const elementId = action.elementId ?? state.selection.elementId;
      if (!elementId) return state;
      return keepSelectionValid(
        onSelectedSlide(state, (slideId) => changeDetails(state, (details) => deleteElement(details, slideId, elementId))),
      );
    }
    case "image/loaded": {
      // The first sizing of a picture belongs to the step that chose it: it is amended into it, not undone alone.
      const draft = currentDraft(state);
      const storyDetails = sizeImage(draft.storyDetails, action.slideId, action.elementId, action.natural);
      if (storyDetails === draft.storyDetails) return state;
      return { ...state, history: amend(state.history, { ...draft, storyDetails }) };
    }
    case "history/undo":
    case "history/redo": {
      const history = action.type === "history/undo" ? undo(state.history) : redo(state.history);
      return history === state.history ? state : keepSelectionValid({ ...state, history });
    }
    case "saved":
      // The draft that was sent: changes made while the save was under way stay unsaved.
      return { ...state, saved: action.draft };
  }
}
