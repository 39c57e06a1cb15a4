// The bottom strip of slides (spec 3 §2): each slide with its name, a swatch of its background colour, Duplicate and
// Delete; a click selects, a drag after a 50 ms hold reorders (dnd-kit); 'Add Slide +' opens the template picker.
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Button, Group, Text, Tooltip, UnstyledButton } from "@mantine/core";
import { type Slide, STORY_LIMITS } from "@repox/contracts";
import { IconCopy, IconPlus, IconTrash } from "@tabler/icons-react";
import { memo, useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { newItemId, useEditor } from "./editor-context.tsx";
import classes from "./slide-strip.module.css";

type SlideCardProps = {
  slide: Slide;
  isSelected: boolean;
  onSelect: (id: string) => void;
  onDuplicate: (id: string) => void;
  onDelete: (id: string) => void;
};

const SlideCard = memo(function SlideCard({ slide, isSelected, onSelect, onDuplicate, onDelete }: SlideCardProps) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: slide.id });
  return (
    <div
      ref={sortable.setNodeRef}
      className={classes.slide}
      data-selected={isSelected || undefined}
      data-slide-card={slide.id}
      style={{
        transform: CSS.Translate.toString(sortable.transform),
        transition: sortable.transition,
        opacity: sortable.isDragging ? 0.6 : 1,
      }}
      {...sortable.attributes}
      {...sortable.listeners}
    >
      <UnstyledButton className={classes.select} onClick={() => onSelect(slide.id)} aria-pressed={isSelected}>
        <div className={classes.swatch} style={{ background: slide.background.color }} />
        <Text size="xs" fw={500} truncate mt={4}>
          {slide.name}
        </Text>
      </UnstyledButton>
      <Group gap={0} wrap="nowrap" justify="flex-end">
        <Tooltip label={t("storyEditor.slides.duplicate")}>
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={t("storyEditor.slides.duplicate")}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={(event) => {
              event.stopPropagation();
              onDuplicate(slide.id);
            }}
          >
            <IconCopy size={14} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t("storyEditor.slides.delete")}>
          <ActionIcon
            size="sm"
            variant="subtle"
            color="red"
            aria-label={t("storyEditor.slides.delete")}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={(event) => {
              event.stopPropagation();
              onDelete(slide.id);
            }}
          >
            <IconTrash size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
});

// Options kept across renders: new ones make new sensors, and the DndContext then draws every card again.
const POINTER_SENSOR = { activationConstraint: { delay: STORY_LIMITS.dragHoldMs, tolerance: 8 } };
const KEYBOARD_SENSOR = { coordinateGetter: sortableKeyboardCoordinates };

export function SlideStrip({ onAddSlide }: { onAddSlide: () => void }) {
  const { t } = useTranslation();
  const { state, dispatch } = useEditor();
  const slides = state.history.present.storyDetails.screen.slides;
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor, KEYBOARD_SENSOR));

  // Stable callbacks keep the memoised cards of a long story from drawing again on every change.
  const select = useCallback((slideId: string) => dispatch({ type: "slide/select", slideId }), [dispatch]);
  const duplicate = useCallback((slideId: string) => dispatch({ type: "slide/duplicate", slideId, copyId: newItemId() }), [dispatch]);
  const remove = useCallback((slideId: string) => dispatch({ type: "slide/delete", slideId }), [dispatch]);

  // The same list while the order stays: a new one makes every card's useSortable draw again (200 cards, 300 ms at the
  // end of each drag on the canvas).
  const order = slides.map((slide) => slide.id).join("\n");
  const slideIds = useMemo(() => order.split("\n").filter(Boolean), [order]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = slides.findIndex((slide) => slide.id === active.id);
    const to = slides.findIndex((slide) => slide.id === over.id);
    dispatch({ type: "slide/move", from, to });
  };

  return (
    <div className={classes.strip} data-testid="slide-strip">
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={slideIds} strategy={horizontalListSortingStrategy}>
          {slides.map((slide) => (
            <SlideCard
              key={slide.id}
              slide={slide}
              isSelected={slide.id === state.selection.slideId}
              onSelect={select}
              onDuplicate={duplicate}
              onDelete={remove}
            />
          ))}
        </SortableContext>
      </DndContext>
      <Button
        className={classes.add}
        variant="light"
        rightSection={<IconPlus size={16} />}
        onClick={onAddSlide}
        disabled={slides.length >= STORY_LIMITS.slidesMax}
      >
        {t("storyEditor.slides.add")}
      </Button>
    </div>
  );
}
