// A json property: JSON text, checked as it is typed and tidied when the input is left.
import { JsonInput as MantineJsonInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { InputProps } from "./input-props.ts";

function isJsonText(text: string): boolean {
  if (text.trim() === "") return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function JsonInput({ label, value, onChange, required, disabled, error }: InputProps<"json">) {
  const { t } = useTranslation();
  return (
    <MantineJsonInput
      label={label}
      required={required}
      disabled={disabled}
      error={error || (isJsonText(value) ? undefined : t("containerForm.inputs.invalidJson"))}
      formatOnBlur
      autosize
      minRows={4}
      maxRows={16}
      value={value}
      onChange={onChange}
    />
  );
}
