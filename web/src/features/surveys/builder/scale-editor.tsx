// LINEAR_SCALE: from and to chosen from 0 to 10 with 'to' above 'from' (spec 3 §5), and a label for each end.
import { Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { type Question, SURVEY_LIMITS } from "@repox/contracts";
import { useTranslation } from "react-i18next";

type Props = { question: Question; onChange: (question: Question) => void };

const VALUES = Array.from({ length: SURVEY_LIMITS.scaleMax - SURVEY_LIMITS.scaleMin + 1 }, (_, i) => SURVEY_LIMITS.scaleMin + i);

export function ScaleEditor({ question, onChange }: Props) {
  const { t } = useTranslation();
  const from = question.details.from ?? 1;
  const to = question.details.to ?? 2;
  const set = (change: Partial<Question["details"]>) => onChange({ ...question, details: { ...question.details, ...change } });
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label={t("surveys.builder.scaleFrom")}
          data={VALUES.filter((value) => value < to).map(String)}
          value={String(from)}
          onChange={(event) => set({ from: Number(event.currentTarget.value) })}
          w={90}
        />
        <NativeSelect
          label={t("surveys.builder.scaleTo")}
          data={VALUES.filter((value) => value > from).map(String)}
          value={String(to)}
          onChange={(event) => set({ to: Number(event.currentTarget.value) })}
          w={90}
          error={to <= from ? t("surveys.builder.scaleOrder") : undefined}
        />
      </Group>
      <Group gap="sm" grow wrap="wrap">
        <TextInput
          label={t("surveys.builder.scaleFromLabel", { value: from })}
          value={question.details.fromLabel ?? ""}
          onChange={(event) => set({ fromLabel: event.currentTarget.value })}
          miw={180}
        />
        <TextInput
          label={t("surveys.builder.scaleToLabel", { value: to })}
          value={question.details.toLabel ?? ""}
          onChange={(event) => set({ toLabel: event.currentTarget.value })}
          miw={180}
        />
      </Group>
    </Stack>
  );
}
