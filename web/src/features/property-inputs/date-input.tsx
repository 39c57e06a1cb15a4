// A date property: a calendar day, kept as YYYY-MM-DD.
import "@mantine/dates/styles.css";
import { DateInput as MantineDateInput } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import type { InputProps } from "./input-props.ts";

export const DATE_FORMAT = "YYYY-MM-DD";

export function DateInput({ label, value, onChange, required, disabled, error }: InputProps<"date">) {
  return (
    <MantineDateInput
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      valueFormat={DATE_FORMAT}
      placeholder={DATE_FORMAT}
      leftSection={<IconCalendar size={16} />}
      value={value === "" ? null : value}
      onChange={(date) => onChange(date ?? "")}
      clearable
    />
  );
}
