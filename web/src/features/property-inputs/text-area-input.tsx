// A text-area property: several lines of plain text.
import { Textarea } from "@mantine/core";
import { PROPERTY_VALUE_LIMITS } from "@repox/contracts";
import type { InputProps } from "./input-props.ts";

export function TextAreaInput({ label, value, onChange, required, disabled, error }: InputProps<"text-area">) {
  return (
    <Textarea
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      autosize
      minRows={3}
      maxRows={12}
      maxLength={PROPERTY_VALUE_LIMITS.textAreaMaxLength}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
