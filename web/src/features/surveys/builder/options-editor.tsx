// Options of DROPDOWN, MULTIPLE_CHOICE and CHECKBOXES: rename, reorder, remove, add, the 'Other' option (multiple
// choice and checkboxes) and, for DROPDOWN and MULTIPLE_CHOICE, where each option leads ('Go to section').
import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { BRANCHING_TYPES, CHOICE_TYPES, type Question, SUBMIT_TARGET } from "@repox/contracts";
import { IconArrowDown, IconArrowUp, IconPlus, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { addOption, branchTargets, moveOption, removeOption, renameOption, setBranch } from "../builder-operations.ts";
import type { SurveyDraft } from "../survey-draft.ts";

type Props = { draft: SurveyDraft; question: Question; onChange: (question: Question) => void };

export function OptionsEditor({ draft, question, onChange }: Props) {
  const { t } = useTranslation();
  const options = question.details.options ?? [];
  const canBranch = BRANCHING_TYPES.includes(question.type);
  const hasOther = CHOICE_TYPES.includes(question.type);
  const targets = canBranch ? branchTargets(draft, question.id) : [];
  const sectionNumber = (id: string) => draft.sections.findIndex((section) => section.id === id) + 1;
  const branchChoices = [
    { value: "", label: t("surveys.builder.goToNext") },
    ...targets.map((section) => ({
      value: section.id,
      label: `${t("surveys.builder.section", { number: sectionNumber(section.id) })}${section.title ? `: ${section.title}` : ""}`,
    })),
    { value: SUBMIT_TARGET, label: t("surveys.builder.goToSubmit") },
  ];

  return (
    <Stack gap="xs">
      {options.map((option, index) => {
        const number = index + 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their text is what changes.
          <Group key={index} gap="xs" wrap="wrap" align="flex-end">
            <TextInput
              aria-label={t("surveys.builder.optionLabel", { number })}
              value={option}
              onChange={(event) => onChange(renameOption(question, index, event.currentTarget.value))}
              style={{ flex: "1 1 180px" }}
            />
            {canBranch && (
              <NativeSelect
                aria-label={`${t("surveys.builder.goTo")} – ${t("surveys.builder.goToLabel", { number })}`}
                data={branchChoices}
                value={question.details.goTo?.[option] ?? ""}
                onChange={(event) => onChange(setBranch(question, option, event.currentTarget.value || null))}
                style={{ flex: "0 1 220px" }}
              />
            )}
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("surveys.builder.moveOptionUp", { number })}
                disabled={index === 0}
                onClick={() => onChange(moveOption(question, index, -1))}
              >
                <IconArrowUp size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t("surveys.builder.moveOptionDown", { number })}
                disabled={index === options.length - 1}
                onClick={() => onChange(moveOption(question, index, 1))}
              >
                <IconArrowDown size={14} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t("surveys.builder.removeOption", { number })}
                disabled={options.length === 1}
                onClick={() => onChange(removeOption(question, index))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          </Group>
        );
      })}
      {hasOther && question.details.hasOtherOption && (
        <Group gap="xs">
          <Text size="sm" c="dimmed" style={{ flex: 1 }}>
            {t("surveys.builder.other")}…
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t("surveys.builder.removeOther")}
            onClick={() => onChange({ ...question, details: { ...question.details, hasOtherOption: false } })}
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      )}
      <Group gap="xs">
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange(addOption(question, (n) => t("surveys.builder.option", { number: n })))}
        >
          {t("surveys.builder.addOption")}
        </Button>
        {hasOther && !question.details.hasOtherOption && (
          <Button
            variant="subtle"
            size="xs"
            onClick={() => onChange({ ...question, details: { ...question.details, hasOtherOption: true } })}
          >
            {t("surveys.builder.addOther")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
