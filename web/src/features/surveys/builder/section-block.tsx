// One section of the builder: its title and description (editable when selected), its questions in a sortable list,
// and its own actions (drag, up, down, delete with a confirmation when it holds questions, add a question).
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import type { Section } from "@repox/contracts";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { addQuestion, moveSectionBy, removeSection, updateSection } from "../builder-operations.ts";
import type { DraftIssues, SurveyDraft } from "../survey-draft.ts";
import { QuestionBlock } from "./question-block.tsx";
import { SelectablePaper } from "./selectable-paper.tsx";
import { emptySectionDropId, isSelected, questionDragId, type Selection, sectionDragId } from "./selection.ts";

type Props = {
  draft: SurveyDraft;
  section: Section;
  index: number;
  onChange: (draft: SurveyDraft) => void;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  issues: DraftIssues;
  canEdit: boolean;
};

export function SectionBlock({ draft, section, index, onChange, selection, onSelect, issues, canEdit }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sectionDragId(section.id),
    disabled: !canEdit,
  });
  const name = section.title || t("surveys.builder.untitledSection");
  const selected = isSelected(selection, "section", section.id);
  const issue = issues[`section:${section.id}`];
  const count = draft.sections.length;

  const confirmDelete = () => {
    const remove = () => onChange(removeSection(draft, section.id));
    if (section.questions.length === 0) return remove();
    modals.openConfirmModal({
      title: t("surveys.builder.deleteSectionTitle"),
      children: t("surveys.builder.deleteSectionMessage", { count: section.questions.length }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: remove,
    });
  };
  const addNewQuestion = () => {
    const { draft: next, questionId } = addQuestion(draft, section.id, t("surveys.builder.newQuestionTitle"));
    onChange(next);
    onSelect({ kind: "question", id: questionId });
  };

  return (
    <Paper
      ref={setNodeRef}
      component="section"
      aria-label={t("surveys.builder.section", { number: index + 1 })}
      withBorder
      p="sm"
      bg="var(--mantine-color-default-hover)"
      style={{ transform: CSS.Translate.toString(transform), transition, position: "relative", zIndex: isDragging ? 2 : undefined }}
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            {canEdit && (
              <ActionIcon
                ref={setActivatorNodeRef}
                variant="subtle"
                color="gray"
                aria-label={t("surveys.builder.dragSection", { name })}
                style={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
                {...attributes}
                {...listeners}
              >
                <IconGripVertical size={18} />
              </ActionIcon>
            )}
            <Text size="sm" c="dimmed" fw={600}>
              {t("surveys.builder.section", { number: index + 1 })}
            </Text>
          </Group>
          {canEdit && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("surveys.builder.moveSectionUp")}
                disabled={index === 0}
                onClick={() => onChange(moveSectionBy(draft, section.id, -1) ?? draft)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("surveys.builder.moveSectionDown")}
                disabled={index === count - 1}
                onClick={() => onChange(moveSectionBy(draft, section.id, 1) ?? draft)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("surveys.builder.deleteSection")}
                disabled={count === 1}
                onClick={confirmDelete}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          )}
        </Group>

        <SelectablePaper
          isSelected={selected}
          canEdit={canEdit}
          label={t("surveys.builder.edit", { name })}
          onSelect={() => onSelect({ kind: "section", id: section.id })}
          hasError={issue !== undefined}
        >
          {selected && canEdit ? (
            <Stack gap="xs">
              <TextInput
                label={t("surveys.builder.sectionTitle")}
                value={section.title}
                onChange={(event) => onChange(updateSection(draft, { ...section, title: event.currentTarget.value }))}
              />
              <Textarea
                label={t("surveys.builder.sectionDescription")}
                value={section.description}
                autosize
                minRows={2}
                onChange={(event) => onChange(updateSection(draft, { ...section, description: event.currentTarget.value }))}
              />
            </Stack>
          ) : (
            <Stack gap={2}>
              <Title order={4}>{name}</Title>
              {section.description && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                  {section.description}
                </Text>
              )}
            </Stack>
          )}
          {issue && (
            <Alert color="red" mt="xs" p="xs">
              {issue}
            </Alert>
          )}
        </SelectablePaper>

        <SortableContext items={section.questions.map(questionDragId)} strategy={verticalListSortingStrategy}>
          <Stack gap="sm" component="ol" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {section.questions.map((questionId) => (
              <QuestionBlock
                key={questionId}
                draft={draft}
                questionId={questionId}
                onChange={onChange}
                selection={selection}
                onSelect={onSelect}
                issues={issues}
                canEdit={canEdit}
              />
            ))}
          </Stack>
        </SortableContext>
        {section.questions.length === 0 && <EmptySectionDrop sectionId={section.id} />}
        {canEdit && (
          <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={addNewQuestion} style={{ alignSelf: "flex-start" }}>
            {t("surveys.builder.addQuestion")}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

/** An empty section still takes a dragged question. */
function EmptySectionDrop({ sectionId }: { sectionId: string }) {
  const { t } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: emptySectionDropId(sectionId) });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="md"
      style={{ borderStyle: "dashed" }}
      bg={isOver ? "var(--mantine-primary-color-light)" : undefined}
    >
      <Text size="sm" c="dimmed" ta="center">
        {t("surveys.builder.emptySection")}
      </Text>
    </Paper>
  );
}
