// The selected question's editor: title, type (spec 3 §4 type-change rules), description, the type's own details and
// Required (none for LABEL; always on for EMAIL).
import { Group, Select, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { GRID_TYPES, OPTION_TYPES, QUESTION_TYPES, type Question, type QuestionType } from "@repox/contracts";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { setQuestionType, updateQuestion } from "../builder-operations.ts";
import type { SurveyDraft } from "../survey-draft.ts";
import { GridEditor } from "./grid-editor.tsx";
import { OptionsEditor } from "./options-editor.tsx";
import { QuestionPreview } from "./question-preview.tsx";
import { ScaleEditor } from "./scale-editor.tsx";

type Props = { draft: SurveyDraft; question: Question; onChange: (draft: SurveyDraft) => void };

export function QuestionEditor({ draft, question, onChange }: Props) {
  const { t } = useTranslation();
  const titleInput = useRef<HTMLInputElement>(null);
  // A question just selected (clicked, or added) is edited from its title.
  useEffect(() => titleInput.current?.focus(), []);
  const update = (next: Question) => onChange(updateQuestion(draft, next));
  const typeOptions = QUESTION_TYPES.map((type) => ({ value: type, label: t(`surveys.builder.types.${type}`) }));

  return (
    <Stack gap="sm">
      <Group align="flex-start" grow wrap="wrap" preventGrowOverflow={false}>
        <TextInput
          label={t("surveys.builder.questionTitle")}
          value={question.title}
          onChange={(event) => update({ ...question, title: event.currentTarget.value })}
          miw={220}
          ref={titleInput}
        />
        <Select
          label={t("surveys.builder.questionType")}
          data={typeOptions}
          value={question.type}
          allowDeselect={false}
          onChange={(value) => value && onChange(setQuestionType(draft, question.id, value as QuestionType))}
          miw={200}
          maw={260}
        />
      </Group>
      <Textarea
        label={t("surveys.builder.questionDescription")}
        value={question.description}
        autosize
        minRows={1}
        onChange={(event) => update({ ...question, description: event.currentTarget.value })}
      />
      {OPTION_TYPES.includes(question.type) && <OptionsEditor draft={draft} question={question} onChange={update} />}
      {GRID_TYPES.includes(question.type) && <GridEditor question={question} onChange={update} />}
      {question.type === "LINEAR_SCALE" && <ScaleEditor question={question} onChange={update} />}
      {!OPTION_TYPES.includes(question.type) && !GRID_TYPES.includes(question.type) && question.type !== "LINEAR_SCALE" && (
        <QuestionPreview question={question} answerOnly />
      )}
      {question.type !== "LABEL" && (
        <Group justify="flex-end" gap="xs">
          {question.type === "EMAIL" && (
            <Text size="xs" c="dimmed">
              {t("surveys.builder.emailAlwaysRequired")}
            </Text>
          )}
          <Switch
            label={t("surveys.builder.required")}
            checked={question.type === "EMAIL" || question.required}
            disabled={question.type === "EMAIL"}
            onChange={(event) => update({ ...question, required: event.currentTarget.checked })}
          />
        </Group>
      )}
    </Stack>
  );
}
