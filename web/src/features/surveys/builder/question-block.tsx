// One question of the builder: drag handle, up/down, duplicate and delete, then its editor when selected or its
// preview otherwise.
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Alert, Badge, Group, Stack } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconCopy, IconGripVertical, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { duplicateQuestion, moveQuestionBy, questionById, removeQuestion } from "../builder-operations.ts";
import type { DraftIssues, SurveyDraft } from "../survey-draft.ts";
import { QuestionEditor } from "./question-editor.tsx";
import { QuestionPreview } from "./question-preview.tsx";
import { SelectablePaper } from "./selectable-paper.tsx";
import { isSelected, questionDragId, type Selection } from "./selection.ts";

type Props = {
  draft: SurveyDraft;
  questionId: string;
  onChange: (draft: SurveyDraft) => void;
  selection: Selection;
  onSelect: (selection: Selection) => void;
  issues: DraftIssues;
  canEdit: boolean;
};

export function QuestionBlock({ draft, questionId, onChange, selection, onSelect, issues, canEdit }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: questionDragId(questionId),
    disabled: !canEdit,
  });
  const question = questionById(draft, questionId);
  if (!question) return null;
  const name = question.title || t("surveys.builder.untitledQuestion");
  const selected = isSelected(selection, "question", questionId);
  const issue = issues[`question:${questionId}`];
  const up = moveQuestionBy(draft, questionId, -1);
  const down = moveQuestionBy(draft, questionId, 1);

  const duplicate = () => {
    const copy = duplicateQuestion(draft, questionId);
    if (!copy) return;
    onChange(copy.draft);
    onSelect({ kind: "question", id: copy.questionId });
  };
  const remove = () => {
    onChange(removeQuestion(draft, questionId));
    if (selected) onSelect({ kind: "header" });
  };

  return (
    <li
      ref={setNodeRef}
      aria-label={name}
      data-question-id={questionId}
      style={{ transform: CSS.Translate.toString(transform), transition, position: "relative", zIndex: isDragging ? 3 : undefined }}
    >
      <SelectablePaper
        isSelected={selected}
        canEdit={canEdit}
        label={t("surveys.builder.edit", { name })}
        onSelect={() => onSelect({ kind: "question", id: questionId })}
        hasError={issue !== undefined}
        toolbar={
          canEdit && (
            <Group gap={4} justify="space-between" wrap="nowrap">
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  ref={setActivatorNodeRef}
                  variant="subtle"
                  color="gray"
                  aria-label={t("surveys.builder.dragQuestion", { name })}
                  style={{ cursor: isDragging ? "grabbing" : "grab", touchAction: "none" }}
                  {...attributes}
                  {...listeners}
                >
                  <IconGripVertical size={18} />
                </ActionIcon>
                <Badge variant="light" color="gray" size="sm">
                  {t(`surveys.builder.types.${question.type}`)}
                </Badge>
              </Group>
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("surveys.builder.moveUp")}
                  disabled={!up}
                  onClick={() => up && onChange(up)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("surveys.builder.moveDown")}
                  disabled={!down}
                  onClick={() => down && onChange(down)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="gray" aria-label={t("surveys.builder.duplicate")} onClick={duplicate}>
                  <IconCopy size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t("surveys.builder.deleteQuestion")} onClick={remove}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
          )
        }
      >
        <Stack gap="xs">
          {selected && canEdit ? (
            <QuestionEditor draft={draft} question={question} onChange={onChange} />
          ) : (
            <QuestionPreview question={question} />
          )}
          {issue && (
            <Alert color="red" p="xs">
              {issue}
            </Alert>
          )}
        </Stack>
      </SelectablePaper>
    </li>
  );
}
