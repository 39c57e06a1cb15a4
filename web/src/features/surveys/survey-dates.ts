// Survey times on screen: the API's UTC times (no zone suffix) shown and picked in the browser's time zone, written as
// spec 3 §9 says ('DD/MM/YYYY, h:mm a') in English and in each other UI language's own short form.
import { formatSurveyTime, parseSurveyTime } from "@repox/contracts";
import dayjs from "dayjs";
import { currentLanguage, intlLocale, usesSpecDateFormats } from "../../app/i18n/intl-locale.ts";

export const SURVEY_DATE_TIME_FORMAT = "DD/MM/YYYY, h:mm a";
/** What Mantine's date-time picker reads and writes: local time. */
const PICKER_FORMAT = "YYYY-MM-DD HH:mm:ss";

/** A survey time as the UI language writes it; text that is no time is shown as given. */
export function formatSurveyDateTime(value: string, language: string = currentLanguage()): string {
  const epoch = parseSurveyTime(value);
  if (Number.isNaN(epoch)) return value;
  if (usesSpecDateFormats(language)) return dayjs(epoch).format(SURVEY_DATE_TIME_FORMAT);
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: "short", timeStyle: "short" }).format(epoch);
}

/** The picker's local value of a survey time. */
export function surveyTimeToPicker(value: string | null): string | null {
  if (value === null) return null;
  const epoch = parseSurveyTime(value);
  return Number.isNaN(epoch) ? null : dayjs(epoch).format(PICKER_FORMAT);
}

/** The survey time (UTC) of the picker's local value. */
export function pickerToSurveyTime(value: string | null): string | null {
  if (!value) return null;
  const local = dayjs(value);
  return local.isValid() ? formatSurveyTime(local.valueOf()) : null;
}

export function isInFuture(value: string | null, now = Date.now()): boolean {
  return value !== null && parseSurveyTime(value) > now;
}
