// A multi-select property: any of the values its details list.
import { MultiSelect } from "@mantine/core";
import { choiceOptions } from "./choice-options.ts";
import type { InputProps } from "./input-props.ts";

export function MultiSelectInput({ property, label, value, onChange, required, disabled, error }: InputProps<"multi-select">) {
  const options = choiceOptions(property);
  const data = [...value.filter((chosen) => !options.includes(chosen)), ...options];
  return (
    <MultiSelect
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
    />
  );
}
