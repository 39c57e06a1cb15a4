// An IPv4 property, typed through the mask 999.999.999.999.
import { TextInput } from "@mantine/core";
import type { InputProps } from "./input-props.ts";
import { IP_ADDRESS_MASK, maskIpAddress } from "./ip-address-mask.ts";

export function IpAddressInput({ label, value, onChange, required, disabled, error }: InputProps<"ip-address-v4">) {
  return (
    <TextInput
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      inputMode="decimal"
      placeholder={IP_ADDRESS_MASK}
      maxLength={IP_ADDRESS_MASK.length}
      value={value}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        onChange(maskIpAddress(typed, typed.length < value.length));
      }}
    />
  );
}
