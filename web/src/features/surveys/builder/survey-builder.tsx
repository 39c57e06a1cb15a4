// The Survey tab (spec 3 §2 Builder): the header, then the sections with their questions. One item is selected and
// editable, the others show previews. Questions move by drag (within and between sections, pointer or keyboard) or by
// their up and down buttons; sections likewise.
import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { dragAccessibility } from "../../../components/drag-accessibility.ts";
import { addSection, questionById } from "../builder-operations.ts";
import type { DraftIssues, SurveyDraft } from "../survey-draft.ts";
import { dropped, questionDraggedOver } from "./drag-moves.ts";
import { HeaderBlock } from "./header-block.tsx";
import { SectionBlock } from "./section-block.tsx";
import { parseDragId, type Selection, sectionDragId } from "./selection.ts";

type Props = {
  draft: SurveyDraft;
  onChange: (draft: SurveyDraft) => void;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  issues: DraftIssues;
  canEdit: boolean;
};

/** A question is dropped among questions (and empty sections), a section among sections. */
const sameKindCollisions: CollisionDetection = (args) => {
  const activeKind = parseDragId(args.active.id)?.kind;
  const droppableContainers = args.droppableContainers.filter((container) => {
    const kind = parseDragId(container.id)?.kind;
    return activeKind === "section" ? kind === "section" : kind === "question" || kind === "drop";
  });
  return closestCenter({ ...args, droppableContainers });
};

export function SurveyBuilder({ draft, onChange, selection, onSelect, issues, canEdit }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Crossing into another section changes the draft during the drag; a cancelled drag puts it back.
  const beforeDrag = useRef<SurveyDraft | null>(null);
  const latest = useRef(draft);
  latest.current = draft;

  const nameOf = (dragId: string | number) => {
    const item = parseDragId(dragId);
    if (!item) return String(dragId);
    if (item.kind === "question") return questionById(draft, item.id)?.title || t("surveys.builder.untitledQuestion");
    return draft.sections.find((section) => section.id === item.id)?.title || t("surveys.builder.untitledSection");
  };

  const dragStart = (_: DragStartEvent) => {
    beforeDrag.current = latest.current;
  };
  const dragOver = ({ active, over }: DragOverEvent) => {
    const moved = over ? questionDraggedOver(latest.current, active.id, over.id) : null;
    if (moved) onChange(moved);
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    const next = over ? dropped(latest.current, active.id, over.id) : null;
    if (next) onChange(next);
    beforeDrag.current = null;
  };
  const dragCancel = () => {
    if (beforeDrag.current) onChange(beforeDrag.current);
    beforeDrag.current = null;
  };

  const addNewSection = () => {
    const { draft: next, sectionId } = addSection(draft, t("surveys.builder.newSectionTitle", { number: draft.sections.length + 1 }));
    onChange(next);
    onSelect({ kind: "section", id: sectionId });
  };

  return (
    <Stack gap="md" maw={900}>
      <HeaderBlock
        draft={draft}
        onChange={onChange}
        isSelected={selection.kind === "header"}
        onSelect={() => onSelect({ kind: "header" })}
        issues={issues}
        canEdit={canEdit}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={sameKindCollisions}
        accessibility={dragAccessibility(t, "surveys.builder.drag", nameOf)}
        onDragStart={dragStart}
        onDragOver={dragOver}
        onDragEnd={dragEnd}
        onDragCancel={dragCancel}
      >
        <SortableContext items={draft.sections.map((section) => sectionDragId(section.id))} strategy={verticalListSortingStrategy}>
          {draft.sections.map((section, index) => (
            <SectionBlock
              key={section.id}
              draft={draft}
              section={section}
              index={index}
              onChange={onChange}
              selection={selection}
              onSelect={onSelect}
              issues={issues}
              canEdit={canEdit}
            />
          ))}
        </SortableContext>
      </DndContext>
      {canEdit && (
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={addNewSection} style={{ alignSelf: "flex-start" }}>
          {t("surveys.builder.addSection")}
        </Button>
      )}
    </Stack>
  );
}
