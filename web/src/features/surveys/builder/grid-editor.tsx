// Rows and columns of MULTIPLE_CHOICE_GRID and CHECKBOX_GRID: each line keeps its id while its text changes.
import { ActionIcon, Button, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { GridLine, Question } from "@repox/contracts";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { newItemId } from "../survey-draft.ts";

type Props = { question: Question; onChange: (question: Question) => void };

export function GridEditor({ question, onChange }: Props) {
  const { t } = useTranslation();
  const setLines = (key: "rows" | "columns", lines: GridLine[]) =>
    onChange({ ...question, details: { ...question.details, [key]: lines } });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {(["rows", "columns"] as const).map((key) => {
        const lines = question.details[key] ?? [];
        const one = key === "rows" ? "row" : "column";
        return (
          <Stack key={key} gap="xs">
            <Text size="sm" fw={500}>
              {t(`surveys.builder.${key}`)}
            </Text>
            {lines.map((line, index) => (
              <Group key={line.id} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label={t(`surveys.builder.${one}`, { number: index + 1 })}
                  value={line.value}
                  style={{ flex: 1 }}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setLines(
                      key,
                      lines.map((candidate) => (candidate.id === line.id ? { ...candidate, value } : candidate)),
                    );
                  }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t(key === "rows" ? "surveys.builder.removeRow" : "surveys.builder.removeColumn", { number: index + 1 })}
                  disabled={lines.length === 1}
                  onClick={() =>
                    setLines(
                      key,
                      lines.filter((candidate) => candidate.id !== line.id),
                    )
                  }
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              style={{ alignSelf: "flex-start" }}
              onClick={() =>
                setLines(key, [...lines, { id: newItemId(one), value: t(`surveys.builder.${one}`, { number: lines.length + 1 }) }])
              }
            >
              {t(key === "rows" ? "surveys.builder.addRow" : "surveys.builder.addColumn")}
            </Button>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
