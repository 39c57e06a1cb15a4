// A url property: a web address, with a button opening it once it is one.
import { ActionIcon, TextInput } from "@mantine/core";
import { IconExternalLink, IconLink } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { InputProps } from "./input-props.ts";

const isWebAddress = (text: string) => /^https?:\/\//i.test(text.trim()) && URL.canParse(text.trim());

export function UrlInput({ label, value, onChange, required, disabled, error }: InputProps<"url">) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="url"
      label={label}
      required={required}
      disabled={disabled}
      error={error}
      placeholder="https://"
      leftSection={<IconLink size={16} />}
      rightSection={
        isWebAddress(value) ? (
          <ActionIcon
            component="a"
            href={value.trim()}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            aria-label={t("containerForm.inputs.openLink")}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        ) : null
      }
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
