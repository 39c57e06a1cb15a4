// Which part of the survey the builder edits: the header, one section or one question (the others show previews).
export type Selection = { kind: "header" } | { kind: "section"; id: string } | { kind: "question"; id: string };

export const isSelected = (selection: Selection, kind: Selection["kind"], id?: string) =>
  selection.kind === kind && (kind === "header" || ("id" in selection && selection.id === id));

/** dnd-kit ids: sections and questions share one drag context, so each kind has a prefix. */
export const sectionDragId = (id: string) => `section:${id}`;
export const questionDragId = (id: string) => `question:${id}`;
export const emptySectionDropId = (id: string) => `drop:${id}`;

export function parseDragId(dragId: string | number): { kind: "section" | "question" | "drop"; id: string } | null {
  const text = String(dragId);
  const colon = text.indexOf(":");
  const kind = text.slice(0, colon);
  if (kind !== "section" && kind !== "question" && kind !== "drop") return null;
  return { kind, id: text.slice(colon + 1) };
}
