// A json property: JSON text, checked as it is typed (what is wrong and where, under the input) and tidied when
// the input is left.
import { JsonInput as MantineJsonInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { InputProps } from "./input-props.ts";
import { jsonProblem } from "./json-problem.ts";

export function JsonInput({ label, value, onChange, required, disabled, error }: InputProps<"json">) {
  const { t } = useTranslation();
  const problem = jsonProblem(value);
  const problemText =
    problem &&
    (problem.line === null
      ? t("containerForm.inputs.invalidJson", { reason: problem.reason })
      : t("containerForm.inputs.invalidJsonAt", { reason: problem.reason, line: problem.line, column: problem.column }));
  return (
    <MantineJsonInput
      label={label}
      required={required}
      disabled={disabled}
      // The parser's words say more than the form's "is not valid JSON" or a bare highlight.
      error={problemText ?? error}
      formatOnBlur
      // After a blur on invalid text Mantine shows this instead of `error`: without it, only a red frame.
      validationError={problemText ?? undefined}
      autosize
      minRows={4}
      maxRows={16}
      value={value}
      onChange={onChange}
    />
  );
}
