// One response read-only (spec 3 §2 Individual and single response views): who answered and when, then every question
// of the response's own snapshot with its answer drawn the way the respondent gave it: options checked, the 'Other'
// text, grid cells, the scale's chosen value, texts and dates.
import { Card, Checkbox, Group, Radio, Stack, Table, Text, Title } from "@mantine/core";
import type { Question, SurveyResponse } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { formatSurveyDateTime } from "../survey-dates.ts";
import { answeredQuestions, answerView, gridCell } from "./answer-view.ts";

function AnswerBody({ question, value }: { question: Question; value: unknown }) {
  const { t } = useTranslation();
  const view = answerView(question, value);
  switch (view.kind) {
    case "label":
      return null;
    case "none":
      return (
        <Text size="sm" c="dimmed" fs="italic">
          {t("surveyResponses.response.noAnswer")}
        </Text>
      );
    case "text":
      return (
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="answer-text">
          {view.text}
        </Text>
      );
    case "choices": {
      const Choice = view.isMultiple ? Checkbox : Radio;
      return (
        <Stack gap={6}>
          {view.lines.map((line) => (
            <Choice key={line.label} label={line.label} checked={line.isChecked} readOnly disabled={!line.isChecked} />
          ))}
          {view.other !== null && (
            <Choice label={t("surveyResponses.response.otherText", { text: view.other })} checked readOnly data-testid="answer-other" />
          )}
        </Stack>
      );
    }
    case "grid": {
      const Choice = view.isMultiple ? Checkbox : Radio;
      return (
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder data-testid="answer-grid">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {view.columns.map((column) => (
                  <Table.Th key={column.id} ta="center">
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {view.rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  {view.columns.map((column) => {
                    const isChecked = view.checked.has(gridCell(row.id, column.id));
                    return (
                      <Table.Td key={column.id} ta="center">
                        <Group justify="center">
                          <Choice aria-label={`${row.label}: ${column.label}`} checked={isChecked} readOnly disabled={!isChecked} />
                        </Group>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    }
    case "scale":
      return (
        <Group gap="md" align="center" wrap="wrap" data-testid="answer-scale">
          {view.fromLabel && (
            <Text size="sm" c="dimmed">
              {view.fromLabel}
            </Text>
          )}
          {view.values.map((scale) => (
            <Radio
              key={scale}
              label={String(scale)}
              checked={scale === view.chosen}
              readOnly
              disabled={scale !== view.chosen}
              styles={{ body: { flexDirection: "column", alignItems: "center" } }}
            />
          ))}
          {view.toLabel && (
            <Text size="sm" c="dimmed">
              {view.toLabel}
            </Text>
          )}
        </Group>
      );
  }
}

function Respondent({ response }: { response: SurveyResponse }) {
  const { t, i18n } = useTranslation();
  const name = `${response.firstName} ${response.lastName}`.trim();
  const who = [name, response.email, response.organization].filter(Boolean);
  return (
    <Stack gap={2} data-testid="respondent">
      <Text fw={500}>{who.length > 0 ? who.join(" · ") : t("surveyResponses.response.anonymous")}</Text>
      <Text size="sm" c="dimmed">
        {t("surveyResponses.response.submittedAt", { date: formatSurveyDateTime(response.createdAt, i18n.language) })}
      </Text>
    </Stack>
  );
}

export function ResponseAnswers({ response }: { response: SurveyResponse }) {
  const { t } = useTranslation();
  const groups = answeredQuestions(response.questions, response.sections, response.answers);
  return (
    <Stack gap="md" data-testid="response-answers" data-response={response.uuid}>
      <Respondent response={response} />
      {groups.map((group, index) => (
        <Stack key={group.id || `rest-${index}`} gap="sm">
          {groups.length > 1 && group.title && (
            <Title order={4} size="h5" c="dimmed">
              {group.title}
            </Title>
          )}
          {group.questions.map(({ question, value }) => (
            <Card key={question.id} withBorder padding="md" component="section" aria-label={question.title || question.id}>
              <Stack gap="xs">
                <Title order={5}>{question.title || t("surveyResponses.untitledQuestion")}</Title>
                {question.description && (
                  <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-wrap" }}>
                    {question.description}
                  </Text>
                )}
                <AnswerBody question={question} value={value} />
              </Stack>
            </Card>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
