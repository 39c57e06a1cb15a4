// A setting's value as people read it: sizes in bytes also in a human unit, intervals with their unit.
import { readSettingDetails, type SystemSetting } from "@repox/contracts";
import { intlLocale } from "../../app/i18n/intl-locale.ts";
import { formatBytes } from "../../components/format-bytes.ts";

export function displayValue(setting: SystemSetting, language: string): string {
  const locale = intlLocale(language);
  if (setting.settingType !== "NUMBER") return setting.settingValue;
  const number = Number(setting.settingValue);
  if (setting.settingValue.trim() === "" || !Number.isFinite(number)) return setting.settingValue;
  const { unit } = readSettingDetails(setting.settingDetails);
  if (unit === "bytes") {
    const exact = new Intl.NumberFormat(locale, { style: "unit", unit: "byte", unitDisplay: "long" }).format(number);
    return number < 1024 ? exact : `${formatBytes(number, language)} (${exact})`;
  }
  if (unit === "seconds") return new Intl.NumberFormat(locale, { style: "unit", unit: "second", unitDisplay: "long" }).format(number);
  return new Intl.NumberFormat(locale).format(number);
}
