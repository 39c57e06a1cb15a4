// Dates as the content area shows them: 'Do MMMM YYYY' in English (spec 1 §9), e.g. "3rd March 2025",
// and the same day, month name and year in the other UI languages' own order ("3 marzo 2025").
import dayjs from "dayjs";
import advancedFormat from "dayjs/plugin/advancedFormat";
import { currentLanguage, intlLocale, usesSpecDateFormats } from "../../app/i18n/intl-locale.ts";

dayjs.extend(advancedFormat);

export const CONTENT_DATE_FORMAT = "Do MMMM YYYY";

export const CONTENT_DATE_PARTS: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

/** An ISO timestamp or a "YYYY-MM-DD" day; text that is no date is shown as given. */
export function formatContentDate(value: string, language: string = currentLanguage()): string {
  const date = dayjs(value);
  if (!date.isValid()) return value;
  if (usesSpecDateFormats(language)) return date.format(CONTENT_DATE_FORMAT);
  return new Intl.DateTimeFormat(intlLocale(language), CONTENT_DATE_PARTS).format(date.toDate());
}
