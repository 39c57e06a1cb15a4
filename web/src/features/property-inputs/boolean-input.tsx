// A boolean property: a switch (off is false).
import { Input, Switch } from "@mantine/core";
import type { InputProps } from "./input-props.ts";

export function BooleanInput({ label, value, onChange, required, disabled, error }: InputProps<"boolean">) {
  return (
    <Input.Wrapper label={label} required={required} error={error} labelElement="div">
      <Switch
        mt={4}
        aria-label={label}
        checked={value}
        disabled={disabled}
        error={Boolean(error)}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Input.Wrapper>
  );
}
