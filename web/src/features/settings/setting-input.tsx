// The input for one setting's value, by its type: a TRUE/FALSE switch, the enum's values, a number or a text.
import { NumberInput, Select, Switch, TextInput } from "@mantine/core";
import { readSettingDetails, type SystemSetting } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { formatBytes } from "../../components/format-bytes.ts";

type Props = { setting: SystemSetting; value: string; onChange: (value: string) => void; disabled: boolean };

export function SettingInput({ setting, value, onChange, disabled }: Props) {
  const { t, i18n } = useTranslation();
  const details = readSettingDetails(setting.settingDetails);
  const label = t("settings.value");

  switch (setting.settingType) {
    case "BOOLEAN":
      return (
        <Switch
          label={value === "TRUE" ? "TRUE" : "FALSE"}
          aria-label={setting.label}
          checked={value === "TRUE"}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked ? "TRUE" : "FALSE")}
        />
      );
    case "ENUM":
      return (
        <Select
          label={label}
          data={details.values ?? []}
          value={value}
          allowDeselect={false}
          disabled={disabled}
          onChange={(next) => onChange(next ?? "")}
        />
      );
    case "NUMBER": {
      const number = Number(value);
      const isSize = details.unit === "bytes" && value.trim() !== "" && Number.isFinite(number);
      return (
        <NumberInput
          label={label}
          description={isSize ? formatBytes(number, i18n.language) : details.unit === "seconds" ? t("settings.inSeconds") : undefined}
          value={value}
          min={details.min}
          max={details.max}
          allowDecimal={!details.integer}
          allowNegative={details.min === undefined || details.min < 0}
          thousandSeparator=","
          disabled={disabled}
          onChange={(next) => onChange(String(next))}
        />
      );
    }
    default:
      return (
        <TextInput
          label={label}
          value={value}
          maxLength={details.maxLength}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
  }
}
