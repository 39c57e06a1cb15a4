// An enum property: one of the values its details list.
import { Select } from "@mantine/core";
import { choiceOptions } from "./choice-options.ts";
import type { InputProps } from "./input-props.ts";

export function EnumInput({ property, label, value, onChange, required, disabled, error }: InputProps<"enum">) {
  const options = choiceOptions(property);
  // A stored value the list no longer offers is still shown, so saving does not drop it unseen.
  const data = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <Select
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
