// A number property.
import { NumberInput as MantineNumberInput } from "@mantine/core";
import type { InputProps } from "./input-props.ts";

export function NumberInput({ label, value, onChange, required, disabled, error }: InputProps<"number">) {
  return (
    <MantineNumberInput
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      value={value}
      onChange={(number) => onChange(String(number))}
    />
  );
}
