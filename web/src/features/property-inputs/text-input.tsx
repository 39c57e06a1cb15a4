// A text property: one line.
import { TextInput as MantineTextInput } from "@mantine/core";
import { PROPERTY_VALUE_LIMITS } from "@repox/contracts";
import type { InputProps } from "./input-props.ts";

export function TextInput({ label, value, onChange, required, disabled, error }: InputProps<"text">) {
  return (
    <MantineTextInput
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      maxLength={PROPERTY_VALUE_LIMITS.textMaxLength}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
