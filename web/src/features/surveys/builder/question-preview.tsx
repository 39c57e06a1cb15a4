// What a respondent will see of a question, read-only: the builder's view of every question that is not selected.
import { Checkbox, Group, NativeSelect, Radio, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import type { Question } from "@repox/contracts";
import { useTranslation } from "react-i18next";

/** `answerOnly` leaves out the title and description (the editor shows those as fields). */
export function QuestionPreview({ question, answerOnly = false }: { question: Question; answerOnly?: boolean }) {
  const { t } = useTranslation();
  const { details } = question;
  const options = details.options ?? [];
  const title = question.title || t("surveys.builder.untitledQuestion");

  return (
    <Stack gap="xs">
      {!answerOnly &&
        (question.type === "LABEL" ? (
          <Title order={5}>{title}</Title>
        ) : (
          <Text fw={500}>
            {title}
            {(question.required || question.type === "EMAIL") && (
              <Text span c="red" aria-hidden>
                {" *"}
              </Text>
            )}
          </Text>
        ))}
      {!answerOnly && question.description && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
          {question.description}
        </Text>
      )}
      {question.type === "SHORT_ANSWER" && <TextInput disabled placeholder={t("surveys.builder.shortAnswerPreview")} aria-label={title} />}
      {question.type === "PARAGRAPH" && <Textarea disabled placeholder={t("surveys.builder.paragraphPreview")} aria-label={title} />}
      {question.type === "EMAIL" && <TextInput disabled placeholder={t("surveys.builder.emailPreview")} aria-label={title} />}
      {question.type === "DATE" && <TextInput disabled placeholder={t("surveys.builder.datePreview")} aria-label={title} />}
      {question.type === "TIME" && <TextInput disabled placeholder={t("surveys.builder.timePreview")} aria-label={title} />}
      {question.type === "DROPDOWN" && <NativeSelect disabled data={options} aria-label={title} maw={320} />}
      {question.type === "MULTIPLE_CHOICE" && (
        <Stack gap={6}>
          {options.map((option) => (
            <Radio key={option} disabled label={option} />
          ))}
          {details.hasOtherOption && <Radio disabled label={t("surveys.builder.other")} />}
        </Stack>
      )}
      {question.type === "CHECKBOXES" && (
        <Stack gap={6}>
          {options.map((option) => (
            <Checkbox key={option} disabled label={option} />
          ))}
          {details.hasOtherOption && <Checkbox disabled label={t("surveys.builder.other")} />}
        </Stack>
      )}
      {(question.type === "MULTIPLE_CHOICE_GRID" || question.type === "CHECKBOX_GRID") && (
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {(details.columns ?? []).map((column) => (
                  <Table.Th key={column.id} ta="center">
                    {column.value}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(details.rows ?? []).map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.value}</Table.Td>
                  {(details.columns ?? []).map((column) => (
                    <Table.Td key={column.id}>
                      <Group justify="center">
                        {question.type === "CHECKBOX_GRID" ? (
                          <Checkbox disabled aria-label={`${row.value} ${column.value}`} />
                        ) : (
                          <Radio disabled aria-label={`${row.value} ${column.value}`} />
                        )}
                      </Group>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {question.type === "LINEAR_SCALE" && <ScalePreview question={question} />}
    </Stack>
  );
}

function ScalePreview({ question }: { question: Question }) {
  const from = question.details.from ?? 1;
  const to = question.details.to ?? 2;
  const values = to > from ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [];
  return (
    <Group gap="md" wrap="wrap" align="flex-end">
      {question.details.fromLabel && <Text size="sm">{question.details.fromLabel}</Text>}
      {values.map((value) => (
        <Stack key={value} gap={2} align="center">
          <Text size="xs">{value}</Text>
          <Radio disabled aria-label={String(value)} />
        </Stack>
      ))}
      {question.details.toLabel && <Text size="sm">{question.details.toLabel}</Text>}
    </Group>
  );
}
