// The properties of a type in sections per property group: add, remove, flag, and reorder by drag and drop
// (pointer or keyboard) within a group and across groups.
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { Stack, Text, Title } from "@mantine/core";
import type { PropertyGroup } from "@repox/contracts";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { dragAccessibility } from "../../components/drag-accessibility.ts";
import { AddProperty } from "./add-property.tsx";
import { addRow, moveRowOver, moveRowToGroup, type PropertyRow, removeRow, reorderRow, sectionsOf, setFlag } from "./property-rows.ts";
import { PropertySection } from "./property-section.tsx";

type Props = {
  rows: PropertyRow[];
  groups: PropertyGroup[];
  canEdit: boolean;
  onChange: (rows: PropertyRow[]) => void;
  onDraggingChange: (isDragging: boolean) => void;
};

export function TypeProperties({ rows, groups, canEdit, onChange, onDraggingChange }: Props) {
  const { t } = useTranslation();
  const sections = sectionsOf(rows, groups);
  const screenRows = sections.flatMap((section) => section.rows);
  // Crossing into another group changes the rows during the drag; a cancelled drag puts them back.
  const beforeDrag = useRef<PropertyRow[] | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => screenRows.find((row) => row.propertyKey === id)?.displayName ?? String(id);

  const endDrag = () => {
    beforeDrag.current = null;
    onDraggingChange(false);
  };
  const dragOver = ({ active, over }: DragOverEvent) => {
    const moved = over ? moveRowOver(screenRows, String(active.id), String(over.id)) : null;
    if (moved) onChange(moved);
  };
  const dragEnd = ({ active, over }: DragEndEvent) => {
    const reordered = over ? reorderRow(screenRows, String(active.id), String(over.id)) : null;
    if (reordered) onChange(reordered);
    endDrag();
  };
  const dragCancel = () => {
    if (beforeDrag.current) onChange(beforeDrag.current);
    endDrag();
  };

  return (
    <Stack gap="sm">
      <Title order={4}>{t("contentTypes.properties")}</Title>
      {canEdit && (
        <AddProperty
          assigned={new Set(rows.map((row) => row.propertyKey))}
          groups={groups}
          onAdd={(row) => onChange(addRow(screenRows, row, groups))}
        />
      )}
      {sections.length === 0 ? (
        <Text c="dimmed">{t("contentTypes.noProperties")}</Text>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={dragAccessibility(t, "contentTypes.drag", nameOf)}
          onDragStart={() => {
            beforeDrag.current = screenRows;
            onDraggingChange(true);
          }}
          onDragOver={dragOver}
          onDragEnd={dragEnd}
          onDragCancel={dragCancel}
        >
          {sections.map((section) => (
            <PropertySection
              key={section.groupId ?? "none"}
              section={section}
              groups={groups}
              canEdit={canEdit}
              onFlag={(propertyKey, flag, value) => onChange(setFlag(screenRows, propertyKey, flag, value))}
              onMove={(propertyKey, groupId) => onChange(moveRowToGroup(screenRows, propertyKey, groupId, groups))}
              onRemove={(propertyKey) => onChange(removeRow(screenRows, propertyKey))}
            />
          ))}
        </DndContext>
      )}
    </Stack>
  );
}
