// The survey's header in the builder: name (required), description, 'Accepting responses' with the message for
// respondents while it is off, the survey type, the submission message and the open and close times (open before close).
import { Badge, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { DateTimePicker } from "@mantine/dates";
import "@mantine/dates/styles.css";
import { SURVEY_TYPES, type SurveyType } from "@repox/contracts";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatSurveyDateTime, pickerToSurveyTime, SURVEY_DATE_TIME_FORMAT, surveyTimeToPicker } from "../survey-dates.ts";
import { DATE_ORDER_ISSUE, type DraftIssues, type SurveyDraft } from "../survey-draft.ts";
import { SelectablePaper } from "./selectable-paper.tsx";

type Props = {
  draft: SurveyDraft;
  onChange: (draft: SurveyDraft) => void;
  isSelected: boolean;
  onSelect: () => void;
  issues: DraftIssues;
  canEdit: boolean;
};

const HEADER_FIELDS = ["label", "description", "surveyType", "openAt", "closeAt", "lockedMessage", "submissionMessage"];

export function HeaderBlock({ draft, onChange, isSelected, onSelect, issues, canEdit }: Props) {
  const { t, i18n } = useTranslation();
  const set = (change: Partial<SurveyDraft>) => onChange({ ...draft, ...change });
  const issueText = (field: "label" | "openAt" | "closeAt" | "lockedMessage" | "submissionMessage" | "description") => {
    const issue = issues[field];
    if (!issue) return undefined;
    if (issue === DATE_ORDER_ISSUE) return t(field === "openAt" ? "surveys.header.openBeforeClose" : "surveys.header.closeAfterOpen");
    if (field === "label" && draft.label.trim() === "") return t("surveys.header.nameRequired");
    return issue;
  };
  const pickerLabels = {
    nextLabel: t("surveys.header.nextMonth"),
    previousLabel: t("surveys.header.previousMonth"),
    submitButtonProps: { "aria-label": t("surveys.header.setDate") },
    clearButtonProps: { "aria-label": t("surveys.header.clearDate") },
  };
  const hasError = HEADER_FIELDS.some((field) => issues[field] !== undefined);

  return (
    <SelectablePaper isSelected={isSelected} canEdit={canEdit} label={t("surveys.header.edit")} onSelect={onSelect} hasError={hasError}>
      {isSelected && canEdit ? (
        <Stack gap="sm">
          <TextInput
            label={t("surveys.header.name")}
            withAsterisk
            value={draft.label}
            onChange={(event) => set({ label: event.currentTarget.value })}
            error={issueText("label")}
          />
          <Textarea
            label={t("surveys.header.description")}
            value={draft.description}
            autosize
            minRows={2}
            onChange={(event) => set({ description: event.currentTarget.value })}
            error={issueText("description")}
          />
          <Switch
            label={t("surveys.header.accepting")}
            checked={!draft.locked}
            onChange={(event) => set({ locked: !event.currentTarget.checked })}
          />
          {draft.locked && (
            <Textarea
              label={t("surveys.header.lockedMessage")}
              withAsterisk
              value={draft.lockedMessage}
              autosize
              minRows={1}
              onChange={(event) => set({ lockedMessage: event.currentTarget.value })}
              error={issueText("lockedMessage")}
            />
          )}
          <Select
            label={t("surveys.header.surveyType")}
            data={SURVEY_TYPES.map((type) => ({ value: type, label: t(`surveys.header.types.${type}`) }))}
            value={draft.surveyType}
            allowDeselect={false}
            onChange={(value) => value && set({ surveyType: value as SurveyType })}
            description={t(`surveys.header.typeHelp.${draft.surveyType}`)}
            maw={420}
          />
          <Textarea
            label={t("surveys.header.submissionMessage")}
            value={draft.submissionMessage}
            autosize
            minRows={1}
            onChange={(event) => set({ submissionMessage: event.currentTarget.value })}
            error={issueText("submissionMessage")}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimePicker
              label={t("surveys.header.openAt")}
              leftSection={<IconCalendar size={16} />}
              valueFormat={SURVEY_DATE_TIME_FORMAT}
              clearable
              value={surveyTimeToPicker(draft.openAt)}
              {...pickerLabels}
              onChange={(value) => set({ openAt: pickerToSurveyTime(value) })}
              error={issueText("openAt")}
            />
            <DateTimePicker
              label={t("surveys.header.closeAt")}
              leftSection={<IconCalendar size={16} />}
              valueFormat={SURVEY_DATE_TIME_FORMAT}
              clearable
              value={surveyTimeToPicker(draft.closeAt)}
              {...pickerLabels}
              onChange={(value) => set({ closeAt: pickerToSurveyTime(value) })}
              error={issueText("closeAt")}
            />
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Title order={3}>{draft.label || t("surveys.header.name")}</Title>
          {draft.description && (
            <Text c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
              {draft.description}
            </Text>
          )}
          <Group gap="xs" mt={4}>
            <Badge variant="light">{t(`surveys.header.types.${draft.surveyType}`)}</Badge>
            {draft.openAt && (
              <Badge variant="outline" color="gray">
                {t("surveys.opensAt", { date: formatSurveyDateTime(draft.openAt, i18n.language) })}
              </Badge>
            )}
            {draft.closeAt && (
              <Badge variant="outline" color="gray">
                {t("surveys.closesAt", { date: formatSurveyDateTime(draft.closeAt, i18n.language) })}
              </Badge>
            )}
          </Group>
          {hasError && (
            <Text size="sm" c="red">
              {Object.entries(issues)
                .filter(([field]) => HEADER_FIELDS.includes(field))
                .map(([field]) => issueText(field as "label"))
                .join(" · ")}
            </Text>
          )}
        </Stack>
      )}
    </SelectablePaper>
  );
}
