// An activity entry in the reader's language: contracts' renderer with the app's `activity.*` texts. Entries recorded
// before params existed have none and show the English sentence the server stored.
import { type ActivityItem, type ActivityTranslate, renderActivity } from "@repox/contracts";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { TranslationKey } from "../app/i18n/index.ts";

/** The renderer's `t` over i18next's: each key lives under `activity.`. */
export function activityTranslate(t: TFunction): ActivityTranslate {
  return (key, values) => t(`activity.${key}` as TranslationKey, values ?? {}) as string;
}

export function activityText(item: Pick<ActivityItem, "description" | "params">, t: TFunction): string {
  return item.params ? renderActivity(item.params, activityTranslate(t)) : item.description;
}

/** `(item) => sentence` in the current language. */
export function useActivityText(): (item: Pick<ActivityItem, "description" | "params">) => string {
  const { t } = useTranslation();
  return (item) => activityText(item, t);
}
