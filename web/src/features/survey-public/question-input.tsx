// One question of the public form (spec 3 §2, §5): the input its type takes, its title as the label (a red asterisk
// when required) and the problem under it once the respondent has touched it. LABEL is a heading with no input.
import {
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Radio,
  ScrollArea,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import type { ChoiceAnswer, GridAnswer, Question } from "@repox/contracts";
import { SURVEY_LIMITS } from "@repox/contracts";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FieldProblem } from "./answer-state.ts";
import classes from "./survey-public.module.css";

type Props = {
  question: Question;
  value: unknown;
  problem: FieldProblem;
  /** Whether the problem shows yet (the field was changed or left). */
  touched: boolean;
  onChange: (value: unknown) => void;
  onBlur: () => void;
};

const OTHER = "\u0000other";

export function useProblemText() {
  const { t } = useTranslation();
  return (problem: FieldProblem): string | null => {
    if (!problem) return null;
    if (problem.kind === "required") return t("surveyPublic.requiredField");
    if (problem.kind === "email") return t("surveyPublic.invalidEmail");
    return problem.text;
  };
}

function asChoice(value: unknown): ChoiceAnswer {
  const choice = value as Partial<ChoiceAnswer> | null;
  return { answers: Array.isArray(choice?.answers) ? choice.answers : [], other: typeof choice?.other === "string" ? choice.other : "" };
}

function asGrid(value: unknown): GridAnswer {
  return Array.isArray(value) ? (value as GridAnswer) : [];
}

function ChoiceInput({ question, value, onChange, onBlur, label, error }: Props & { label: ReactNode; error: ReactNode }) {
  const { t } = useTranslation();
  const choice = asChoice(value);
  const [isOtherChosen, setOtherChosen] = useState(choice.other !== "");
  const options = question.details.options ?? [];
  const hasOther = question.details.hasOtherOption === true;
  const otherInput = hasOther && isOtherChosen && (
    <TextInput
      className={classes.otherInput}
      aria-label={t("surveyPublic.otherAnswer")}
      placeholder={t("surveyPublic.yourAnswer")}
      value={choice.other}
      maxLength={SURVEY_LIMITS.otherAnswerMaxLength}
      onChange={(event) => onChange({ ...choice, other: event.currentTarget.value })}
      onBlur={onBlur}
    />
  );

  if (question.type === "MULTIPLE_CHOICE") {
    const selected = isOtherChosen ? OTHER : (choice.answers[0] ?? null);
    return (
      <Radio.Group
        label={label}
        description={question.description || undefined}
        error={error}
        value={selected}
        onChange={(next) => {
          setOtherChosen(next === OTHER);
          onChange(next === OTHER ? { answers: [], other: choice.other } : { answers: [next], other: "" });
        }}
      >
        <Stack gap="xs" mt="xs">
          {options.map((option) => (
            <Radio key={option} value={option} label={option} onBlur={onBlur} />
          ))}
          {hasOther && <Radio value={OTHER} label={t("surveyPublic.other")} onBlur={onBlur} />}
          {otherInput}
          {!question.required && selected !== null && (
            <Group>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  setOtherChosen(false);
                  onChange({ answers: [], other: "" });
                }}
              >
                {t("surveyPublic.clearSelection")}
              </Button>
            </Group>
          )}
        </Stack>
      </Radio.Group>
    );
  }

  const checked = isOtherChosen ? [...choice.answers, OTHER] : choice.answers;
  return (
    <Checkbox.Group
      label={label}
      description={question.description || undefined}
      error={error}
      value={checked}
      onChange={(next) => {
        const otherNow = next.includes(OTHER);
        setOtherChosen(otherNow);
        // The options keep the question's order, whatever order they were ticked in.
        onChange({ answers: options.filter((option) => next.includes(option)), other: otherNow ? choice.other : "" });
      }}
    >
      <Stack gap="xs" mt="xs">
        {options.map((option) => (
          <Checkbox key={option} value={option} label={option} onBlur={onBlur} />
        ))}
        {hasOther && <Checkbox value={OTHER} label={t("surveyPublic.other")} onBlur={onBlur} />}
        {otherInput}
      </Stack>
    </Checkbox.Group>
  );
}

function GridInput({ question, value, onChange, onBlur, label, error }: Props & { label: ReactNode; error: ReactNode }) {
  const grid = asGrid(value);
  const rows = question.details.rows ?? [];
  const columns = question.details.columns ?? [];
  const isSingle = question.type === "MULTIPLE_CHOICE_GRID";
  const chosen = (rowId: string) => grid.find((row) => row.rowId === rowId)?.columnIds ?? [];
  const toggle = (rowId: string, columnId: string) => {
    const current = chosen(rowId);
    const next = isSingle ? [columnId] : current.includes(columnId) ? current.filter((id) => id !== columnId) : [...current, columnId];
    const ordered = columns.map((column) => column.id).filter((id) => next.includes(id));
    const others = grid.filter((row) => row.rowId !== rowId);
    const answer = ordered.length > 0 ? [...others, { rowId, columnIds: ordered }] : others;
    // Rows in the question's order, so the stored answer reads like the grid.
    onChange(rows.flatMap((row) => answer.filter((line) => line.rowId === row.id)));
  };
  return (
    <Input.Wrapper
      label={label}
      description={question.description || undefined}
      error={error}
      component="fieldset"
      className={classes.fieldset}
    >
      {/* A phone scrolls the grid sideways; the row names stay in view. */}
      <ScrollArea type="auto" offsetScrollbars mt="xs">
        <Table className={classes.grid} verticalSpacing={6} horizontalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.gridRowHead} />
              {columns.map((column) => (
                <Table.Th key={column.id} ta="center" className={classes.gridColumn}>
                  {column.value}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id} role={isSingle ? "radiogroup" : "group"} aria-label={row.value}>
                <Table.Th scope="row" className={classes.gridRowHead}>
                  {row.value}
                </Table.Th>
                {columns.map((column) => {
                  const isChecked = chosen(row.id).includes(column.id);
                  const common = {
                    "aria-label": `${row.value}: ${column.value}`,
                    checked: isChecked,
                    onBlur,
                    onChange: () => toggle(row.id, column.id),
                  };
                  return (
                    <Table.Td key={column.id} ta="center">
                      <Group justify="center">
                        {isSingle ? <Radio name={`${question.id}:${row.id}`} value={column.id} {...common} /> : <Checkbox {...common} />}
                      </Group>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Input.Wrapper>
  );
}

function ScaleInput({ question, value, onChange, onBlur, label, error }: Props & { label: ReactNode; error: ReactNode }) {
  const from = question.details.from ?? 1;
  const to = question.details.to ?? 2;
  const values = Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);
  return (
    <Radio.Group
      label={label}
      description={question.description || undefined}
      error={error}
      value={typeof value === "number" ? String(value) : null}
      onChange={(next) => onChange(Number(next))}
    >
      <Group gap="md" mt="xs" align="flex-end" wrap="wrap">
        {question.details.fromLabel && (
          <Text size="sm" c="dimmed">
            {question.details.fromLabel}
          </Text>
        )}
        {values.map((scale) => (
          <Radio key={scale} value={String(scale)} label={String(scale)} classNames={{ body: classes.scaleRadio }} onBlur={onBlur} />
        ))}
        {question.details.toLabel && (
          <Text size="sm" c="dimmed">
            {question.details.toLabel}
          </Text>
        )}
      </Group>
    </Radio.Group>
  );
}

export function QuestionInput(props: Props) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const { question, value, problem, touched, onChange, onBlur } = props;
  const isRequired = question.required || question.type === "EMAIL";
  const title = question.title.trim() || t("surveySummary.untitledQuestion");
  const error = touched ? problemText(problem) : null;
  const text = typeof value === "string" ? value : "";
  const common = {
    label: title,
    description: question.description || undefined,
    withAsterisk: isRequired,
    error,
    onBlur,
  };
  switch (question.type) {
    case "LABEL":
      return (
        <Stack gap={4}>
          <Title order={3} size="h4">
            {title}
          </Title>
          {question.description && <Text c="dimmed">{question.description}</Text>}
        </Stack>
      );
    case "SHORT_ANSWER":
      return (
        <TextInput
          {...common}
          placeholder={t("surveyPublic.yourAnswer")}
          value={text}
          maxLength={SURVEY_LIMITS.shortAnswerMaxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "PARAGRAPH":
      return (
        <Textarea
          {...common}
          placeholder={t("surveyPublic.yourAnswer")}
          autosize
          minRows={3}
          maxRows={12}
          value={text}
          maxLength={SURVEY_LIMITS.paragraphMaxLength}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case "EMAIL":
      return (
        <TextInput {...common} type="email" autoComplete="email" value={text} onChange={(event) => onChange(event.currentTarget.value)} />
      );
    case "DATE":
      return (
        <TextInput
          {...common}
          type="date"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={classes.nativePicker}
        />
      );
    case "TIME":
      return (
        <TextInput
          {...common}
          type="time"
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={classes.nativePicker}
        />
      );
    case "DROPDOWN": {
      const options = question.details.options ?? [];
      // Spec 3 §5: a required dropdown starts on its first option; an optional one offers 'None'.
      const data = question.required ? options : [{ value: "", label: t("surveyPublic.none") }, ...options];
      return (
        <NativeSelect
          {...common}
          data={data}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          className={classes.nativePicker}
        />
      );
    }
    case "MULTIPLE_CHOICE":
    case "CHECKBOXES":
      return <ChoiceInput {...props} label={<RequiredLabel title={title} isRequired={isRequired} />} error={error} />;
    case "MULTIPLE_CHOICE_GRID":
    case "CHECKBOX_GRID":
      return <GridInput {...props} label={<RequiredLabel title={title} isRequired={isRequired} />} error={error} />;
    case "LINEAR_SCALE":
      return <ScaleInput {...props} label={<RequiredLabel title={title} isRequired={isRequired} />} error={error} />;
    default:
      return null;
  }
}

function RequiredLabel({ title, isRequired }: { title: string; isRequired: boolean }) {
  return (
    <>
      {title}
      {isRequired && (
        <Text component="span" c="red" aria-hidden>
          {" *"}
        </Text>
      )}
    </>
  );
}
