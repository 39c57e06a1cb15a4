// The storage bar's figures (spec 1 §2 Side menu): the share of the quota used, its text with two decimals and its colour.
import { STORAGE_THRESHOLDS, type StorageInfo } from "@repox/contracts";
import { intlLocale } from "../../app/i18n/intl-locale.ts";

export type StorageBarColor = "primary" | "warning" | "danger";

/** Percent of the quota used, 0–100; a quota of 0 counts as full once anything is stored. */
export function usedPercent({ used, total }: StorageInfo): number {
  if (total <= 0) return used > 0 ? 100 : 0;
  return Math.min(100, Math.max(0, (used / total) * 100));
}

/** "12.35", always two decimals, in the UI language. */
export function percentText(percent: number, locale: string): string {
  return new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(percent);
}

export function storageBarColor(percent: number): StorageBarColor {
  if (percent >= STORAGE_THRESHOLDS.dangerPercent) return "danger";
  if (percent >= STORAGE_THRESHOLDS.warningPercent) return "warning";
  return "primary";
}

/** The Mantine colour of each bar state. */
export const BAR_MANTINE_COLORS: Record<StorageBarColor, string> = {
  primary: "var(--mantine-primary-color-filled)",
  warning: "yellow",
  danger: "red",
};
