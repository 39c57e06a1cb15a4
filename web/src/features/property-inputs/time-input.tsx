// A time property: HH:mm (or HH:mm:ss when stored with seconds).
import { TimeInput as MantineTimeInput } from "@mantine/dates";
import { IconClock } from "@tabler/icons-react";
import type { InputProps } from "./input-props.ts";

export function TimeInput({ label, value, onChange, required, disabled, error }: InputProps<"time">) {
  return (
    <MantineTimeInput
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      withSeconds={value.length > 5}
      leftSection={<IconClock size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
